// What every analysis report shares: its days as instants, its facilities as a SQL condition, and how a figure is
// written in a cell (whole shillings from exact cents, a share to one decimal, null when there is nothing to divide).
import { and, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, countyDate, countyInstant, daysBetween } from '../../../../shared/county-time.js';
import type { ReportPhrase, ReportSection } from '../../../../shared/reports/index.js';
import type { CoveredFacility, ReportRow } from '../generator.js';
import { phraseWords, say } from './words.js';

export type Cell = string | number | null;
/** The facilities a report covers, in MFL order. */
export type Covered = CoveredFacility[];

/** A report's county days, both included, and the instants [from, to) they span (Africa/Nairobi). */
export type DayRange = { start: string; end: string; from: Date; to: Date; days: number };

export function dayRange(r: Pick<ReportRow, 'periodStart' | 'periodEnd'>): DayRange {
  const start = r.periodStart!;
  const end = r.periodEnd!;
  return { start, end, from: countyInstant(start), to: countyInstant(addDays(end, 1)), days: daysBetween(start, end) + 1 };
}

/** The county date a report was asked for: what "now" means in it (an invoice overdue, a claim waiting). */
export const askedOn = (r: Pick<ReportRow, 'generatedAt'>): string => countyDate(r.generatedAt);

/**
 * A county date as a SQL date literal, not a parameter: an expression a query groups by must read the same in its
 * select list and its GROUP BY, and PostgreSQL tells two parameters apart even when they hold the same value.
 */
export function dateLiteral(date: string): SQL {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a county date: ${date}`);
  return sql.raw(`date '${date}'`);
}

/** A column within the report's facilities (never empty SQL: a list of none matches nothing). */
export function inCovered(column: AnyPgColumn, covered: Covered): SQL {
  const ids = covered.map((f) => f.id);
  return inArray(column, ids.length > 0 ? ids : [-1]);
}

/** A timestamptz column within the report's days. */
export function within(column: AnyPgColumn, range: DayRange): SQL {
  return and(gte(column, range.from), lt(column, range.to))!;
}

/** n as a percentage of total, one decimal, half-up, in integers; null when total is zero (nothing to share). */
export function percentOf(n: number, total: number): number | null {
  if (total === 0) return null;
  return Math.floor((n * 2000 + total) / (2 * total)) / 10;
}

/** n per d, one decimal, half-up, in integers; null when d is zero. */
export function perUnit(n: number, d: number): number | null {
  if (d === 0) return null;
  return Math.floor((n * 20 + d) / (2 * d)) / 10;
}

/** The median of some counts (the middle one, or the mean of the middle two); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The first cells of a facility's row. */
export const facilityCells = (f: Covered[number]): Cell[] => [f.mflCode, f.name];
export const FACILITY_COLUMNS: ReportPhrase[] = [say('col.mflCode'), say('col.facility')];

/**
 * A section, its words given as phrases of the dictionary (words.ts): it keeps them (`text`, worded in the reader's
 * language when downloaded) and their English (`title`, `columns`, `note`: the lines given, null when none), so the
 * two never differ.
 */
export function section(title: ReportPhrase, columns: ReportPhrase[], rows: Cell[][], ...notes: (ReportPhrase | null | undefined | false)[]): ReportSection {
  const lines = notes.filter((n): n is ReportPhrase => typeof n === 'object' && n !== null);
  const english = lines.map((n) => phraseWords(n, 'en'));
  return {
    title: phraseWords(title, 'en'),
    columns: columns.map((c) => phraseWords(c, 'en')),
    rows,
    note: english.length > 0 ? english.join('\n') : null,
    text: { title, columns, notes: lines },
  };
}

/** Adds n to a counter kept in a map. */
export function bump<K>(map: Map<K, number>, key: K, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

export const capitalised = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');
