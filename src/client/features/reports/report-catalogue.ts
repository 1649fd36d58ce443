// The five category cards of SPEC.md §2.16, read from the server's catalogue (shared/reports/catalogue.ts): each card
// names its reports, the first four at once and the rest behind "+N more reports". Compliance & MOH says what the
// forms really are (DESIGN.md §8): the monthly returns are MOH 705A/705B and 717, built from the MOH 204A/204B daily
// registers; the spec's "MOH Monthly Report (MOH 204)" is not a real form and is not offered under that name.
import { MONTHLY_FORMS, REPORT_CATALOGUE, REPORT_TYPES, type CatalogueEntry, type ReportKind, type ReportType } from '../../../shared/reports';

/** How many names a card shows before "+N more reports" (SPEC.md §9). */
export const CARD_VISIBLE = 4;

/**
 * One line of a category card: one report, or a family of forms offered together (each of its kinds a button of
 * its own). `label` is a translation key; a single report's is its name.
 */
export type CardItem = {
  id: string;
  label: string;
  kinds: readonly ReportKind[];
  /** The line is KHIS's data export: made from a generated monthly form, not a report of its own. */
  khis?: boolean;
};

const kindLabel = (kind: ReportKind) => `reports.kinds.${kind}`;
const one = (kind: ReportKind): CardItem => ({ id: kind, label: kindLabel(kind), kinds: [kind] });

/** The Compliance & MOH card's lines, in the spec's order, with its first line told as the facts are. */
const COMPLIANCE: readonly CardItem[] = [
  { id: 'moh-monthly', label: 'reports.cards.mohMonthly', kinds: MONTHLY_FORMS },
  { id: 'moh-registers', label: 'reports.cards.mohRegisters', kinds: ['moh204a', 'moh204b'] },
  { id: 'khis-export', label: 'reports.cards.khisExport', kinds: ['moh705a'], khis: true },
  one('quality-assurance'),
  one('accreditation-compliance'),
  one('infection-control'),
  one('staff-training'),
];

/** Each category's lines. */
export function cardItems(type: ReportType): readonly CardItem[] {
  if (type === 'compliance') return COMPLIANCE;
  return REPORT_CATALOGUE.filter((e) => e.type === type).map((e) => one(e.kind));
}

export const CATEGORIES: readonly ReportType[] = REPORT_TYPES;

export function entryOf(kind: string): CatalogueEntry | undefined {
  return (REPORT_CATALOGUE as readonly CatalogueEntry[]).find((e) => e.kind === kind);
}

export function isReportKind(value: string | null | undefined): value is ReportKind {
  return !!value && entryOf(value) !== undefined;
}

/** The kind of a listed report, from its name (the list does not carry it; every generated report is named from the catalogue). */
export function kindOfName(name: string): ReportKind | null {
  return (REPORT_CATALOGUE.find((e) => e.name === name)?.kind as ReportKind | undefined) ?? null;
}

export const isMonthlyForm = (kind: string | null | undefined): boolean => (MONTHLY_FORMS as readonly string[]).includes(kind ?? '');

/** Every line of a card whose reports all wait for data the county does not record yet. */
export const itemNeedsData = (item: CardItem): boolean => !item.khis && item.kinds.every((k) => entryOf(k)?.needs);

/** The short name of a MOH form inside a family line ("MOH 705A"). */
export function formCode(kind: ReportKind): string {
  return kind.replace(/^moh(\d+)(\w?)$/, (_, n: string, l: string) => `MOH ${n}${l.toUpperCase()}`);
}
