// Offline only (issue 34): what the device keeps for the work of a facility without a connection — its recent
// patients, today's appointments, the ICD-11 list — refreshed while the link is up, and the registry's offline list:
// the registrations kept on this device and not yet sent, then the kept patients. Loaded with the rest of lib/offline.
import type { Appointment } from '../../../shared/appointments';
import type { CurrentUser } from '../../../shared/auth';
import { countyDate } from '../../../shared/county-time';
import type { DiagnosisListEntry, DiagnosisMatch } from '../../../shared/medical-records';
import type { Patient, RegisterPatientInput } from '../../../shared/patients';
import { apiGet, qs } from '../api-client';
import { personName } from '../labels';
import { keepCopy, keptAt, outboxEntries, readKept, type OutboxEntry } from './index';

export type WaitingPatient = Patient & { waiting: { clientId: string } };

/** The registrations kept on this device and not yet sent, as patients of the list (newest first), found by `search`. */
export async function waitingPatients(search = ''): Promise<WaitingPatient[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const entries = await outboxEntries().catch(() => [] as OutboxEntry[]);
  return entries
    .filter((e) => e.kind === 'patient' && e.status !== 'sent')
    .map((e) => waitingPatient(e))
    .filter((p) => words.every((w) => searchText(p).includes(w)))
    .reverse();
}

function waitingPatient(entry: OutboxEntry): WaitingPatient {
  const b = entry.body as RegisterPatientInput & { clientId: string };
  const text = (v: string | null | undefined) => (v ? v : null);
  return {
    id: -entry.seq,
    nationalId: b.nationalId,
    firstName: b.firstName,
    middleName: text(b.middleName),
    lastName: b.lastName,
    dateOfBirth: b.dateOfBirth,
    gender: b.gender,
    phoneNumber: text(b.phoneNumber),
    nextOfKin: text(b.nextOfKin),
    nextOfKinPhone: text(b.nextOfKinPhone),
    subcounty: text(b.subcounty),
    ward: text(b.ward),
    village: text(b.village),
    facilityId: b.facilityId,
    facilityName: '',
    lastVisitAt: null,
    createdAt: entry.recordedAt,
    updatedAt: entry.recordedAt,
    waiting: { clientId: b.clientId },
  };
}

const DIAGNOSES = 'diagnoses';
const PATIENTS = 'patients';
const APPOINTMENTS = 'appointments';
const DAY_MS = 86_400_000;
/** How old a kept copy of the facility's patients or day may be before it is asked again while online. */
const FRESH_MS = 15 * 60_000;

/**
 * Keeps the answer of GET `path` under `name`, unless a copy younger than `fresh` ms is kept (0: always). Asked at the
 * browser's low priority: up to 5,000 patients (some 300 KB on the wire) must not hold up the screen's own figures on
 * a slow link.
 */
async function keepFresh(name: string, fresh: number, path: string, now: Date): Promise<void> {
  const savedAt = await keptAt(name);
  if (savedAt && now.getTime() - new Date(savedAt).getTime() < fresh) return;
  await keepCopy(name, await apiGet<unknown>(path, undefined, 'low'));
}

/**
 * What this member of staff needs kept for their facility's work offline, asked while the link is up: the ICD-11 list
 * (a day fresh) for those who code visits; the facility's recent patients and today's appointments (fifteen minutes
 * fresh; `force` after a sync, so what was sent is found) for those who register, see or check in patients there.
 */
export async function keepForOffline(user: CurrentUser, force = false, now = new Date()): Promise<void> {
  const may = (p: CurrentUser['permissions'][number]) => user.permissions.includes(p);
  const fresh = force ? 0 : FRESH_MS;
  const facilityId = user.facilityId;
  if (may('records:write')) await keepFresh(DIAGNOSES, DAY_MS, '/api/diagnoses/list', now);
  if (facilityId === null) return;
  if (may('patients:register') || may('records:write')) await keepFresh(PATIENTS, fresh, `/api/patients/offline${qs({ facilityId })}`, now);
  if (may('appointments:write')) await keepFresh(APPOINTMENTS, fresh, `/api/appointments${qs({ facilityId, date: countyDate(now), limit: 200 })}`, now);
}

const searchText = (p: Patient) => `${personName(p)} ${p.nationalId}`.toLowerCase();

/**
 * The registry offline: the registrations waiting on this device, then the facility's patients kept on it, that
 * `search` finds (every word in the name or national ID, as the server's search), one page of them.
 */
export async function offlinePatients(q: { search?: string; offset?: number; limit: number }): Promise<{ rows: Patient[]; total: number }> {
  const words = (q.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const kept = (await readKept<Patient[]>(PATIENTS).catch(() => undefined))?.value ?? [];
  const found = [...(await waitingPatients(q.search)), ...kept.filter((p) => words.every((w) => searchText(p).includes(w)))];
  const offset = q.offset ?? 0;
  return { rows: found.slice(offset, offset + q.limit), total: found.length };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
const wordsOf = (s: string) => fold(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The kept list's matches for `search`, at most `limit`; throws when no list is kept. A plainer search than the
 * server's: every typed word begins a word of the title or of a term, or the typed text begins the code; codes first,
 * then terms, then titles, in the list's order. The server checks each code again when the visit is sent.
 */
export async function searchKeptDiagnoses(search: string, limit: number): Promise<DiagnosisMatch[]> {
  const kept = await readKept<DiagnosisListEntry[]>(DIAGNOSES);
  if (!kept) throw new Error('no kept diagnosis list');
  const typed = wordsOf(search);
  const codeText = fold(search).replace(/\s+/g, '');
  const found: { tier: number; order: number; match: DiagnosisMatch }[] = [];
  kept.value.forEach((d, order) => {
    const { terms, ...option } = d;
    if (fold(d.code).startsWith(codeText)) return void found.push({ tier: 0, order, match: { ...option, matched: null } });
    const prefixes = (words: string[]) => typed.length > 0 && typed.every((w) => words.some((x) => x.startsWith(w)));
    const term = terms.find((t) => prefixes(wordsOf(t)));
    if (term && !prefixes(wordsOf(d.title))) return void found.push({ tier: 1, order, match: { ...option, matched: term } });
    if (prefixes(wordsOf(d.title))) found.push({ tier: 2, order, match: { ...option, matched: null } });
  });
  return found
    .sort((a, b) => a.tier - b.tier || a.order - b.order)
    .slice(0, limit)
    .map((f) => f.match);
}

/**
 * A day's appointments at a facility offline: today's as kept on the device, with the check-ins made offline shown
 * done, filtered and paged as the server would; undefined when no copy of that day and facility is kept.
 */
export async function keptDay(q: { facilityId: number; date: string; serviceId?: number; offset?: number; limit: number }): Promise<{ rows: Appointment[]; total: number; keptAt: string } | undefined> {
  const kept = await readKept<Appointment[]>(APPOINTMENTS).catch(() => undefined);
  const day = kept?.value.filter((a) => a.facilityId === q.facilityId && a.date === q.date);
  if (!kept || !day || (day.length === 0 && countyDate(new Date(kept.savedAt)) !== q.date)) return undefined;
  const checkIns = (await outboxEntries().catch(() => [] as OutboxEntry[])).filter((e) => e.kind === 'checkin' && e.status !== 'failed');
  const checkedIn = new Map(checkIns.map((e) => [Number(e.path.split('/')[3]), e.recordedAt]));
  const rows = day
    .filter((a) => q.serviceId === undefined || a.serviceId === q.serviceId)
    .map((a) => {
      const at = a.status === 'scheduled' ? checkedIn.get(a.id) : undefined;
      return at ? { ...a, status: 'checked_in' as const, checkedInAt: at } : a;
    });
  const offset = q.offset ?? 0;
  return { rows: rows.slice(offset, offset + q.limit), total: rows.length, keptAt: kept.savedAt };
}
