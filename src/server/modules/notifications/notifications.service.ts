// The notification bell (every screen): derived from live data on each request, nothing stored. The bell is seen
// by whoever stands at the screen, so entries carry counts and stock lines, never a patient's name.
import { and, asc, desc, eq, gte, lt, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { stockStatus } from '../../../shared/inventory/index.js';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import { can } from '../../../shared/access/index.js';
import type { Notification } from '../../../shared/notifications/index.js';
import type { BackupStatus } from '../../../shared/system/index.js';
import type { Db } from '../../db/client.js';
import { alertsFor } from '../alerts/index.js';
import { facilities } from '../facilities/facilities.schema.js';
import { inventoryItems } from '../inventory/inventory.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';
import { countyDayStartOf } from '../../core/county-time.sql.js';
import type { ServiceContext } from '../../core/context.js';

/** How far back a missed follow-up still raises the bell. */
const OVERDUE_WINDOW_DAYS = 30;

type StockNotification = Extract<Notification, { kind: 'out_of_stock' | 'low_stock' }>;
type FollowUpNotification = Extract<Notification, { kind: 'overdue_followups' }>;
type AlertNotification = Extract<Notification, { kind: 'emergency_alert' | 'idsr_alert' }>;
type BackupNotification = Extract<Notification, { kind: 'backup_overdue' }>;

/** The bell lists at most this many stock lines (the most urgent, then the newest); `count` stays the true total. */
export const MAX_STOCK_NOTIFICATIONS = 50;

/** One entry per stock line at or below its minimum (SPEC.md §4 stock status), bounded (DESIGN.md §6). */
async function stockNotifications(db: Db, facilityId?: number): Promise<{ items: StockNotification[]; total: number }> {
  const where = and(lte(inventoryItems.currentStock, inventoryItems.minimumStock), facilityId ? eq(inventoryItems.facilityId, facilityId) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: inventoryItems, facilityName: facilities.name })
      .from(inventoryItems)
      .leftJoin(facilities, eq(facilities.id, inventoryItems.facilityId))
      .where(where)
      .orderBy(sql`${inventoryItems.currentStock} = 0 desc`, desc(inventoryItems.updatedAt), asc(inventoryItems.id))
      .limit(MAX_STOCK_NOTIFICATIONS),
    db.select({ n: sql<number>`count(*)::int` }).from(inventoryItems).where(where),
  ]);
  const items = rows.map(({ item, facilityName }): StockNotification => {
    const out = stockStatus(item.currentStock, item.minimumStock) === 'out_of_stock';
    const facility = facilityName ?? 'Unknown Facility';
    return {
      id: `stock-${item.id}`,
      kind: out ? 'out_of_stock' : 'low_stock',
      severity: out ? 'critical' : 'warning',
      at: item.updatedAt.toISOString(),
      link: '/inventory',
      itemId: item.id,
      itemName: item.itemName,
      currentStock: item.currentStock,
      minimumStock: item.minimumStock,
      unit: item.unit as StockNotification['unit'],
      facilityId: item.facilityId,
      facilityName: facility,
    };
  });
  return { items, total: total?.n ?? 0 };
}

/**
 * Patients who missed a follow-up due in the last 30 days, before today: no visit (at any facility) on or after
 * the follow-up date. Scoped by the facility that booked the follow-up. A count only: the bell names no patient.
 */
async function overdueFollowUps(db: Db, now: Date, facilityId?: number): Promise<FollowUpNotification | null> {
  const today = countyDate(now);
  const later = alias(medicalRecords, 'later_visit');
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${medicalRecords.patientId})::int`, latest: sql<string | null>`max(${medicalRecords.followUpDate})::text` })
    .from(medicalRecords)
    .where(
      and(
        gte(medicalRecords.followUpDate, addDays(today, -OVERDUE_WINDOW_DAYS)),
        lt(medicalRecords.followUpDate, today),
        facilityId ? eq(medicalRecords.facilityId, facilityId) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(and(eq(later.patientId, medicalRecords.patientId), gte(later.visitDate, countyDayStartOf(medicalRecords.followUpDate)))),
        ),
      ),
    );
  if (!row || row.count === 0 || !row.latest) return null;
  return {
    id: 'followups-overdue',
    kind: 'overdue_followups',
    severity: 'warning',
    // The latest miss became one when its day ended.
    at: startOfCountyDay(addDays(row.latest, 1)).toISOString(),
    link: '/patients',
    count: row.count,
  };
}

const SEVERITY_ORDER = { critical: 0, warning: 1 } as const;

/**
 * No good backup for BACKUP_OVERDUE_HOURS: for those who configure the system (the administrator and the director),
 * who can see why on System Settings → Backups. Dated by the last good backup, or now when there has been none.
 */
function backupNotification(actor: ServiceContext['actor'], backups: BackupStatus): BackupNotification | null {
  if (!backups?.overdue || !can(actor.role, 'system:configure')) return null;
  return { id: 'backup-overdue', kind: 'backup_overdue', severity: 'critical', at: backups.lastGoodAt ?? backups.lastRun?.at ?? new Date(0).toISOString(), link: '/system', lastGoodAt: backups.lastGoodAt };
}

/**
 * Emergency and IDSR alerts addressed to this member of staff (the alerts module decides who answers which). They
 * are addressed to a person, not to the facility on screen, so the chosen facility does not hide them. An IDSR
 * alert names its conditions, not who recorded the death: the system raised it, no one pressed a button.
 */
async function alertNotifications(db: Db, actor: ServiceContext['actor'], now: Date): Promise<AlertNotification[]> {
  return (await alertsFor(db, actor, now)).map((a): AlertNotification => {
    const common = { id: `alert-${a.id}`, severity: 'critical', at: a.createdAt, link: '/', alertId: a.id, facilityId: a.facilityId, facilityName: a.facilityName } as const;
    return a.kind === 'idsr' ? { ...common, kind: 'idsr_alert', conditions: a.conditions } : { ...common, kind: 'emergency_alert', raisedBy: a.userName, message: a.message };
  });
}

/**
 * Most urgent first (emergency and IDSR alerts before stock), then newest. Follow-ups only for roles that may read clinical records.
 * `total` counts every stock line at or below its minimum, though the bell lists the most urgent of them.
 */
export async function listNotifications({ db, actor, now: clock }: ServiceContext, facilityId?: number, backups: BackupStatus = null): Promise<{ rows: Notification[]; total: number }> {
  const now = clock();
  const [stock, followUps, alerts] = await Promise.all([
    stockNotifications(db, facilityId),
    can(actor.role, 'records:read') ? overdueFollowUps(db, now, facilityId) : null,
    alertNotifications(db, actor, now),
  ]);
  const rank = (n: Notification) => (n.kind === 'emergency_alert' || n.kind === 'idsr_alert' ? -1 : SEVERITY_ORDER[n.severity]);
  const backup = backupNotification(actor, backups);
  const rows: Notification[] = [...alerts, ...(backup ? [backup] : []), ...stock.items, ...(followUps ? [followUps] : [])].sort(
    (a, b) => rank(a) - rank(b) || b.at.localeCompare(a.at) || a.id.localeCompare(b.id),
  );
  return { rows, total: alerts.length + (backup ? 1 : 0) + stock.total + (followUps ? 1 : 0) };
}
