// What System Settings shows of what is configured elsewhere, read-only: the payment gateways (built at start from
// the server's configuration, so their credentials are MPESA_* settings, never shown), KHIS (its password never
// shown; the forms' mapping is the MOH module's, edited on /reports) and the fiscal year (the accounting module's
// periods, closed on /accounting).
import { KHIS_FORMS } from '../../../shared/moh/index.js';
import type { FiscalYearSummary, KhisStatus, PaymentsStatus } from '../../../shared/system/index.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import type { Config } from '../../env.js';
import { listPeriods } from '../accounting/index.js';
import { khisMapping } from '../moh/index.js';

/** A paybill or till with all but its last 3 digits masked: 174379 → •••379. */
export function maskShortcode(shortcode: string): string {
  return '•'.repeat(Math.max(0, shortcode.length - 3)) + shortcode.slice(-3);
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : '';
}

export function paymentsStatus(config: Pick<Config, 'mpesa'>): PaymentsStatus {
  const m = config.mpesa;
  return {
    mpesa:
      m.mode === 'daraja'
        ? { mode: 'daraja', environment: m.environment, shortcode: maskShortcode(m.shortcode), transactionType: m.transactionType, callbackHost: hostOf(m.callbackUrl) }
        : { mode: 'simulator' },
    card: { mode: 'simulator' },
  };
}

/** KHIS: whether it is configured (its address and account name; never the password) and how much of each form is mapped. */
export async function khisStatus(db: Db, config: Pick<Config, 'dhis2'>): Promise<KhisStatus> {
  const forms = await Promise.all(
    KHIS_FORMS.map(async (form) => {
      const m = await khisMapping(db, form);
      return { form, dataSet: m.dataSet, rows: m.rows.length, mapped: m.rows.filter((r) => r.dataElement).length };
    }),
  );
  return { configured: config.dhis2 !== undefined, url: config.dhis2?.url ?? null, username: config.dhis2?.username ?? null, forms };
}

/** The current fiscal year (1 July – 30 June) and its months, open or closed, from the ledger's periods. */
export async function fiscalYearSummary(ctx: ServiceContext): Promise<FiscalYearSummary> {
  const fy = await listPeriods(ctx);
  return {
    label: fy.label,
    start: fy.start,
    end: fy.end,
    status: fy.status,
    months: fy.periods.map((p) => ({ period: p.period, status: p.status, closedByName: p.closedByName, closedAt: p.closedAt })),
  };
}
