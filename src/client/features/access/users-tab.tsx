// The accounts (access:manage): role, facility, status, live sessions and passkeys; a change of access with its
// reason; and each account's sessions and passkeys, revoked at once.
import { useQuery } from '@tanstack/react-query';
import { History, KeyRound, UserCog, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type AccessUser } from '../../../shared/access';
import { EmptyState } from '../../components/data/empty-state';
import { FilterBar, SearchField } from '../../components/data/filter-bar';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ColumnHeads, ScrollTable, SkeletonRows } from '../../components/data/table-parts';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableBody, TableCell, TableRow } from '../../components/ui/table';
import { roleName } from '../../lib/labels';
import { formatDate, formatNumber } from '../../lib/locale-format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ACCESS_PAGE_SIZE, NO_USER_FILTERS, usersQuery, type UserFilters } from './access.api';
import { ChangeAccessDialog } from './change-access-dialog';
import { SessionsDialog } from './sessions-dialog';

const COLUMNS = ['user', 'role', 'facility', 'status', 'sessions', 'passkeys', 'actions'] as const;

export function UsersTab({ onActivity }: { onActivity: (userId: number, label: string) => void }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<UserFilters>(NO_USER_FILTERS);
  const [offset, setOffset] = useState(0);
  const [changing, setChanging] = useState<AccessUser | null>(null);
  const [managing, setManaging] = useState<AccessUser | null>(null);
  const search = useDebouncedValue(filters.search, 300);
  const query = useQuery(usersQuery({ ...filters, search }, offset));
  const change = (next: UserFilters) => {
    setFilters(next);
    setOffset(0);
  };
  const total = query.data?.total;

  return (
    <>
      <FilterBar label={t('access.users.filters')}>
        <SearchField
          id="access-user-search"
          label={t('access.users.search')}
          placeholder={t('access.users.searchPlaceholder')}
          value={filters.search}
          onChange={(e) => change({ ...filters, search: e.target.value })}
        />
        <FilterSelect
          id="access-user-role"
          label={t('access.users.role')}
          allLabel={t('access.users.allRoles')}
          value={filters.role}
          onChange={(role) => change({ ...filters, role })}
          options={ROLES.map((r) => ({ value: r, label: roleName(t, r) }))}
        />
        <FilterSelect
          id="access-user-status"
          label={t('access.users.status')}
          allLabel={t('access.users.allStatuses')}
          value={filters.status}
          onChange={(status) => change({ ...filters, status })}
          options={[
            { value: 'active', label: t('access.users.active') },
            { value: 'inactive', label: t('access.users.inactive') },
          ]}
        />
      </FilterBar>
      <ListCard
        title={total === undefined ? t('access.users.title') : t('access.users.titleCount', { total: formatNumber(total) })}
        icon={Users}
        query={query}
        errorMessage={(e) => t('access.users.error', { message: e.message })}
        empty={<EmptyState icon={Users} title={t('access.users.empty')} hint="" />}
        paging={{ label: t('access.users.title'), offset, pageSize: ACCESS_PAGE_SIZE, onOffset: setOffset }}
      >
        <ScrollTable label={t('access.users.caption')}>
          <caption className="sr-only">{t('access.users.caption')}</caption>
          <ColumnHeads columns={COLUMNS} label={(c) => t(`access.users.columns.${c}`)} className={(c) => (c === 'actions' ? 'text-right' : undefined)} />
          <TableBody>
            {!query.data ? (
              <SkeletonRows rows={5} columns={COLUMNS.length} testId="access-users-skeleton" />
            ) : (
              query.data.rows.map((u) => (
                <TableRow key={u.id} data-testid={`access-user-${u.id}`}>
                  <TableCell>
                    <p className="font-medium">{u.name}</p>
                    <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{u.email}</p>
                    {u.isDemo ? <Badge variant="outline">{t('access.users.demo')}</Badge> : null}
                  </TableCell>
                  <TableCell>
                    <p>{roleName(t, u.role)}</p>
                    {u.pendingRole ? <p className="text-xs text-muted-foreground">{t('access.users.pendingRole', { role: roleName(t, u.pendingRole) })}</p> : null}
                  </TableCell>
                  <TableCell>{u.facilityName ?? <span className="text-muted-foreground">{t('access.users.noFacility')}</span>}</TableCell>
                  <TableCell>
                    <Badge variant={u.isActive ? 'success' : 'danger'}>{t(u.isActive ? 'access.users.active' : 'access.users.inactive')}</Badge>
                  </TableCell>
                  <TableCell>
                    <p>{formatNumber(u.activeSessions)}</p>
                    <p className="text-xs text-muted-foreground">{u.lastSeenAt ? t('access.users.lastSeen', { when: formatDate(u.lastSeenAt) }) : t('access.users.neverSeen')}</p>
                  </TableCell>
                  <TableCell>{formatNumber(u.passkeys)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setChanging(u)}
                        disabled={!u.canChange}
                        title={u.canChange ? t('access.users.change') : t('access.users.cannotChange')}
                        aria-label={`${t('access.users.change')}: ${u.name}`}
                      >
                        <UserCog aria-hidden="true" />
                        <span className="max-2xl:sr-only">{t('access.users.change')}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setManaging(u)} title={t('access.users.manage')} aria-label={`${t('access.users.manage')}: ${u.name}`}>
                        <KeyRound aria-hidden="true" />
                        <span className="max-2xl:sr-only">{t('access.users.manage')}</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => onActivity(u.id, u.name)} title={t('access.users.activity')} aria-label={`${t('access.users.activity')}: ${u.name}`}>
                        <History aria-hidden="true" />
                        <span className="max-2xl:sr-only">{t('access.users.activity')}</span>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </ScrollTable>
        {query.data?.rows.some((u) => !u.canChange) ? <p className="mt-3 text-xs text-muted-foreground">{t('access.users.cannotChange')}</p> : null}
      </ListCard>
      <ChangeAccessDialog user={changing} onClose={() => setChanging(null)} />
      <SessionsDialog user={managing} onClose={() => setManaging(null)} />
    </>
  );
}
