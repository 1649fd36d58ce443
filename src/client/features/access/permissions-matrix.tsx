// The role × permission table, as the server sends it (GET /api/access/matrix reads the table every route is
// checked against): one row per permission, one column per role, each cell the scope of the grant.
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../components/data/list-error';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { roleName } from '../../lib/labels';
import { ScrollTable } from '../../components/data/table-parts';
import { matrixQuery } from './access.api';

const SCOPE_VARIANT = { facility: 'secondary', subcounty: 'info', county: 'success' } as const;

export function PermissionsMatrix() {
  const { t } = useTranslation();
  const query = useQuery(matrixQuery);
  const matrix = query.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="h-5 w-5" />
          {t('access.matrix.title')}
        </CardTitle>
        <CardDescription>{t('access.matrix.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3">
        {query.error ? (
          <ListError message={t('access.matrix.error', { message: query.error.message })} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !matrix ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <ScrollTable label={t('access.matrix.caption')}>
            <caption className="sr-only">{t('access.matrix.caption')}</caption>
            <thead className="[&_th]:border-b">
              <tr>
                <th scope="col" className="sticky left-0 z-10 bg-card p-2 text-left align-bottom font-medium">
                  {t('access.matrix.permission')}
                </th>
                {matrix.roles.map((role) => (
                  <th key={role} scope="col" className="min-w-[6.5rem] p-2 text-left align-bottom text-xs font-medium">
                    {roleName(t, role)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.permissions.map(({ permission, module }) => (
                <tr key={permission} className="border-b last:border-0">
                  <th scope="row" className="sticky left-0 z-10 bg-card p-2 text-left font-normal">
                    <span className="block font-medium">{t(`access.permissions.${permission.replace(':', '_')}`, { defaultValue: permission })}</span>
                    <span className="block font-mono text-xs text-muted-foreground">
                      {permission} · {module}
                    </span>
                  </th>
                  {matrix.roles.map((role) => {
                    const scope = matrix.grants[permission]?.[role];
                    return (
                      <td key={role} className="p-2">
                        {scope ? (
                          <Badge variant={SCOPE_VARIANT[scope]}>{t(`access.matrix.scopes.${scope}`)}</Badge>
                        ) : (
                          <span className="text-muted-foreground" aria-label={t('access.matrix.none')}>
                            {t('access.matrix.none')}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        <p className="text-xs text-muted-foreground">{t('access.matrix.legend')}</p>
      </CardContent>
    </Card>
  );
}
