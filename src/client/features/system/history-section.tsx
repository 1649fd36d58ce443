// Every change made through System Settings, newest first: which section (and which facility or service), the
// version, who and when, and what changed from what. Secrets appear only as set or cleared. For those who change
// settings; the history's reads are theirs too (system:configure).
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_SECTIONS, type SettingChange } from '../../../shared/system';
import { EmptyState } from '../../components/data/empty-state';
import { FilterSelect } from '../../components/data/filter-select';
import { ListError } from '../../components/data/list-error';
import { Pagination } from '../../components/data/pagination';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { facilityStatusName } from '../../lib/labels';
import { formatNumber } from '../../lib/locale-format';
import { facilitiesQuery } from '../facilities';
import { when } from './county-section';
import { SectionHeading } from './section-heading';
import { HISTORY_PAGE_SIZE, settingsHistoryQuery } from './system.api';
import { systemErrorText } from './system-labels';

export function HistorySection({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.history.title')} intro={t('system.history.intro')} />
      {canConfigure ? (
        <HistoryList />
      ) : (
        <Card>
          <CardContent className="p-4 text-sm text-muted-foreground" data-testid="history-forbidden">
            <p role="note">{t('system.history.forbidden')}</p>
          </CardContent>
        </Card>
      )}
    </section>
  );
}

function HistoryList() {
  const { t } = useTranslation();
  const [section, setSection] = useState('all');
  const [offset, setOffset] = useState(0);
  const history = useQuery(settingsHistoryQuery(section, offset));
  const facilities = useQuery(facilitiesQuery);
  const rows = history.data?.rows ?? [];
  const targetName = (c: SettingChange) => {
    if (!c.target) return null;
    if (c.section === 'facility') {
      const f = facilities.data?.find((x) => x.mflCode === c.target);
      return f ? `${f.name} (${c.target})` : c.target;
    }
    if (c.section === 'sms' && c.target === 'apiKey') return t('system.sms.apiKey');
    return c.target;
  };

  return (
    <div className="grid gap-4">
      <FilterSelect
        id="history-section"
        label={t('system.history.section')}
        value={section}
        allValue="all"
        allLabel={t('system.history.allSections')}
        onChange={(v) => {
          setSection(v);
          setOffset(0);
        }}
        options={HISTORY_SECTIONS.map((s) => ({ value: s, label: t(`system.history.sections.${s}`) }))}
        className="grid max-w-xs gap-1.5"
      />
      {history.error ? (
        <ListError message={t('common.loadError', { message: systemErrorText(t, history.error) })} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : !history.data ? (
        <Skeleton className="h-48 w-full" />
      ) : rows.length === 0 ? (
        <EmptyState icon={History} title={t('system.history.emptyTitle')} hint={t('system.history.emptyHint')} />
      ) : (
        <>
          <ol className="grid gap-2" aria-label={t('system.history.listLabel')} data-testid="history">
            {rows.map((c) => (
              <li key={c.id}>
                <Card>
                  <CardContent className="grid gap-2 p-3 text-sm">
                    <div className="flex flex-wrap items-baseline justify-between gap-2">
                      <p className="font-medium">
                        {t(`system.history.sections.${c.section}`, { defaultValue: c.section })}
                        {targetName(c) ? <span className="font-normal"> · {targetName(c)}</span> : null}
                      </p>
                      <p className="text-xs text-muted-foreground">{t('system.history.by', { version: c.version, name: c.changedByName ?? t('system.someone'), at: when(c.changedAt) })}</p>
                    </div>
                    <Changes before={c.before} after={c.after} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
          <Pagination label={t('system.history.pages')} offset={offset} count={rows.length} total={history.data.total} pageSize={HISTORY_PAGE_SIZE} onOffset={setOffset} />
        </>
      )}
    </div>
  );
}

/** A value as the reader reads it: on/off, a service's or a status's name, a number in their language. */
function useShow() {
  const { t } = useTranslation();
  const one = (key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'boolean') return t(v ? 'system.history.on' : 'system.history.off');
    if (typeof v === 'number') return formatNumber(v);
    if (typeof v === 'string' && key === 'status') return facilityStatusName(t, v);
    if (typeof v === 'string' && key === 'environment') return t(`system.sms.env.${v}`, { defaultValue: v });
    if (typeof v === 'string' && key === 'apiKey') return t(`system.history.secret.${v.replace(' ', '_')}`, { defaultValue: v });
    return String(v);
  };
  return (key: string, v: unknown): string =>
    Array.isArray(v) ? v.map((x) => (key === 'services' ? t(`system.services.${String(x)}`, { defaultValue: String(x) }) : one(key, x))).join(', ') || '—' : one(key, v);
}

/** The fields that changed, before → after; the first version lists what it was set to. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const show = useShow();
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  if (keys.length === 0) return <p className="text-muted-foreground">{t('system.history.noChange')}</p>;
  return (
    <dl className="grid gap-1">
      {keys.map((k) => (
        <div key={k} className="grid gap-x-2 sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">{t(`system.history.fields.${k}`, { defaultValue: k })}</dt>
          <dd className="break-words">
            {before === null ? (
              show(k, a[k])
            ) : (
              <>
                <span className="text-muted-foreground line-through">{show(k, b[k])}</span> → <span>{show(k, a[k])}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
