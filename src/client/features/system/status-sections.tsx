// What System Settings shows of what is set elsewhere, read-only: the payment gateways (the server's MPESA_*
// configuration, built at start), KHIS (its address and account, never the password; the forms' mapping is edited
// on MOH Reports → Settings), the fiscal year (months are closed on Accounting) and the backups (BACKUP_* settings,
// docs/operations.md).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SystemSettings } from '../../../shared/system';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent } from '../../components/ui/card';
import { formatDate, formatMonth, formatNumber, formatTime } from '../../lib/locale-format';
import { SectionHeading } from './section-heading';

type Status = SystemSettings['status'];

const linkClass = 'text-sm font-medium text-primary underline underline-offset-4';

export function PaymentsSection({ status }: { status: Status['payments'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const m = status.mpesa;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.payments.title')} intro={t('system.payments.intro')} />
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm" data-testid="mpesa-status">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">M-Pesa</span>
            {m.mode === 'daraja' ? (
              <Badge variant="success">{t('system.payments.daraja', { environment: t(`system.sms.env.${m.environment}`) })}</Badge>
            ) : (
              <Badge variant="warning">{t('system.payments.mpesaSimulator')}</Badge>
            )}
          </div>
          {m.mode === 'daraja' ? (
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">{t('system.payments.shortcode')}</dt>
              <dd className="font-mono">{m.shortcode}</dd>
              <dt className="text-muted-foreground">{t('system.payments.transactionType')}</dt>
              <dd>{m.transactionType === 'CustomerBuyGoodsOnline' ? t('system.payments.till') : t('system.payments.paybill')}</dd>
              <dt className="text-muted-foreground">{t('system.payments.callback')}</dt>
              <dd className="break-all">{m.callbackHost}</dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">{t('system.payments.mpesaSimulatorHint')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm" data-testid="card-status">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('system.payments.card')}</span>
            <Badge variant="warning">{t('system.payments.cardSimulator')}</Badge>
          </div>
          <p className="text-muted-foreground">{t('system.payments.cardHint')}</p>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground" role="note">
        {t('system.payments.whereSet')}
      </p>
    </section>
  );
}

export function KhisSection({ status }: { status: Status['khis'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.khis.title')} intro={t('system.khis.intro')} />
      <Card>
        <CardContent className="grid gap-2 p-4 text-sm" data-testid="khis-status">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('system.khis.connection')}</span>
            {status.configured ? <Badge variant="success">{t('system.khis.configured')}</Badge> : <Badge variant="secondary">{t('system.khis.notConfigured')}</Badge>}
          </div>
          {status.configured ? (
            <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
              <dt className="text-muted-foreground">{t('system.khis.url')}</dt>
              <dd className="break-all">{status.url}</dd>
              <dt className="text-muted-foreground">{t('system.khis.username')}</dt>
              <dd>{status.username}</dd>
            </dl>
          ) : (
            <p className="text-muted-foreground">{t('system.khis.notConfiguredHint')}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 p-4 text-sm">
          <p className="font-medium">{t('system.khis.mapping')}</p>
          <ul className="grid gap-2" data-testid="khis-forms">
            {status.forms.map((f) => (
              <li key={f.form} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2">
                <span>{t('system.khis.form', { form: f.form })}</span>
                <span className="flex flex-wrap items-center gap-2">
                  <Badge variant={f.dataSet ? 'info' : 'secondary'}>{f.dataSet ? t('system.khis.dataSetSet', { id: f.dataSet }) : t('system.khis.dataSetMissing')}</Badge>
                  <Badge variant={f.mapped === f.rows ? 'success' : 'warning'}>{t('system.khis.rowsMapped', { mapped: formatNumber(f.mapped), rows: formatNumber(f.rows) })}</Badge>
                </span>
              </li>
            ))}
          </ul>
          <Link href="/reports" className={linkClass}>
            {t('system.khis.editMappings')}
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}

export function FiscalYearSection({ status }: { status: Status['fiscalYear'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const closed = status.months.filter((m) => m.status === 'closed').length;
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.fiscal.title')} intro={t('system.fiscal.intro')} />
      <Card>
        <CardContent className="grid gap-3 p-4 text-sm" data-testid="fiscal-year">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('system.fiscal.year', { label: status.label })}</span>
            <Badge variant={status.status === 'closed' ? 'secondary' : 'success'}>{t(`system.fiscal.${status.status}`)}</Badge>
          </div>
          <p className="text-muted-foreground">{t('system.fiscal.range', { start: formatDate(status.start), end: formatDate(status.end), closed: formatNumber(closed), total: formatNumber(status.months.length) })}</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
            {status.months.map((m) => (
              <li key={m.period} className="grid gap-1 rounded-md border p-2">
                <span>{formatMonth(m.period)}</span>
                <Badge variant={m.status === 'closed' ? 'secondary' : 'outline'} className="w-fit">
                  {t(`system.fiscal.${m.status}`)}
                </Badge>
              </li>
            ))}
          </ul>
          <Link href="/accounting" className={linkClass}>
            {t('system.fiscal.toAccounting')}
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}

export function BackupsSection({ status }: { status: Status['backups'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const run = status?.lastRun;
  const when = (at: string) => {
    const hours = Math.max(0, Math.floor((Date.now() - Date.parse(at)) / 3_600_000));
    const moment = { date: formatDate(at), time: formatTime(at) };
    return hours === 0 ? t('system.backups.whenRecent', moment) : t('system.backups.when', { ...moment, count: hours, hours: formatNumber(hours) });
  };
  return (
    <section aria-labelledby={titleId} className="grid gap-4">
      <SectionHeading id={titleId} title={t('system.backups.title')} intro={t('system.backups.intro')} />
      <Card>
        <CardContent className="grid gap-3 p-4 text-sm" data-testid="backup-status">
          {!status ? (
            <p className="text-muted-foreground">{t('system.backups.notHere')}</p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{t('system.backups.state')}</span>
                {status.overdue ? <Badge variant="danger">{t('system.backups.overdue')}</Badge> : status.lastGoodAt ? <Badge variant="success">{t('system.backups.upToDate')}</Badge> : <Badge variant="warning">{t('system.backups.none')}</Badge>}
              </div>
              <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
                <dt className="text-muted-foreground">{t('system.backups.lastGood')}</dt>
                <dd>{status.lastGoodAt ? when(status.lastGoodAt) : t('system.backups.never')}</dd>
                <dt className="text-muted-foreground">{t('system.backups.lastRun')}</dt>
                <dd>
                  {!run
                    ? t('system.backups.noRun')
                    : run.ok
                      ? t('system.backups.runOk', { when: when(run.at), size: formatNumber(Math.round((run.bytes ?? 0) / 100_000) / 10), seconds: formatNumber(run.seconds ?? 0) })
                      : t('system.backups.runFailed', { when: when(run.at) })}
                </dd>
                {run && !run.ok && run.error ? (
                  <>
                    <dt className="text-muted-foreground">{t('system.backups.error')}</dt>
                    <dd className="break-all font-mono text-xs">{run.error}</dd>
                  </>
                ) : null}
                <dt className="text-muted-foreground">{t('system.backups.schedule')}</dt>
                <dd>{status.schedule ? t('system.backups.nightly', { time: status.schedule }) : t('system.backups.scheduleOff')}</dd>
                <dt className="text-muted-foreground">{t('system.backups.keep')}</dt>
                <dd>{t('system.backups.keepValue', { daily: formatNumber(status.keep.daily), weekly: formatNumber(status.keep.weekly), monthly: formatNumber(status.keep.monthly) })}</dd>
                <dt className="text-muted-foreground">{t('system.backups.offsite')}</dt>
                <dd>{status.offsite ? t('system.backups.offsiteOn') : t('system.backups.offsiteOff')}</dd>
              </dl>
            </>
          )}
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground" role="note">
        {t('system.backups.whereSet')}
      </p>
    </section>
  );
}
