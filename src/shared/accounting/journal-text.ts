// What a journal of the system's own events says (issue 29 item 5). The server records the event as a kind and its
// facts — numbers, names, codes, never a sentence — and every reader gets the sentence in their own language: the
// screens, the FO 30 and the statements' PDFs alike. The English sentence is also stored as the journal's
// description, for search, the CSV exports and any reader that does not know the kind. A journal a person writes
// (manual, imported) has no kind: its description is what they typed.
import { z } from 'zod';
import type { Language } from '../language.js';

type Method = 'cash' | 'mpesa' | 'card';
type Movement = 'opening' | 'received' | 'issued' | 'adjusted' | 'written_off';

/** Each kind with the facts its sentence needs. */
export type JournalFactsOf = {
  invoice: { invoice: string; service: string };
  payment: { method: Method | string; invoice: string };
  /** An M-Pesa payment held for review, received and returned to the payer (issue 30 item 1). */
  payment_refund: { invoice: string; reference: string };
  claim: { claim: string; status: string; invoice: string };
  waiver: { invoice: string };
  stock: { movement: Movement | string; quantity: number; unit: string; item: string };
  reversal: { journal: string; reason: string };
  year_close: { year: string };
  bank_charges: { statement: string; line: number; text: string };
  interest: { statement: string; line: number; text: string };
  /** scope: county, subcounty (place = its name) or facility (place = its name). */
  payroll: { period: string; scope: string; place: string; employees: number };
  payroll_net: { period: string; run: number; reference: string };
  payroll_remittance: { remittance: string; period: string; reference: string };
  /** order: the order's number, or its id while it has none. */
  goods_received: { grn: string; order: string | number; supplier: string };
  donation: { grn: string; donor: string };
  supplier_invoice: { invoice: string; order: string | number };
  supplier_payment: { voucher: string; invoices: string };
};

export type JournalTextKind = keyof JournalFactsOf;
export type JournalText = { [K in JournalTextKind]: { kind: K; facts: JournalFactsOf[K] } }[JournalTextKind];
export type JournalFacts = Record<string, string | number>;

type Words = { [K in JournalTextKind]: (f: JournalFactsOf[K]) => string };

const word = (words: Record<string, string>, code: string) => words[code] ?? code;

const SERVICES_SW: Record<string, string> = {
  consultation: 'ushauri wa daktari',
  laboratory: 'maabara',
  radiology: 'picha za mionzi',
  pharmacy: 'duka la dawa',
  emergency: 'dharura',
  surgery: 'upasuaji',
  maternity: 'uzazi',
};
const UNITS_SW: Record<string, string> = { tablets: 'vidonge', vials: 'chupa ndogo', units: 'vipande', pairs: 'jozi', sheets: 'karatasi', bottles: 'chupa' };
const METHODS_EN: Record<string, string> = { mpesa: 'M-Pesa', card: 'Card', cash: 'Cash' };
const METHODS_SW: Record<string, string> = { mpesa: 'M-Pesa', card: 'kadi', cash: 'pesa taslimu' };
const CLAIM_STATUS_SW: Record<string, string> = { approved: 'limeidhinishwa', rejected: 'limekataliwa', submitted: 'limewasilishwa', pending: 'linasubiri' };
const MOVEMENTS_EN: Record<string, string> = { opening: 'Opening stock', received: 'Stock received', issued: 'Stock issued', adjusted: 'Stock adjusted', written_off: 'Stock written off' };
const MOVEMENTS_SW: Record<string, string> = { opening: 'Salio la mwanzo la bidhaa', received: 'Bidhaa zilizopokelewa', issued: 'Bidhaa zilizotolewa', adjusted: 'Marekebisho ya salio la bidhaa', written_off: 'Bidhaa zilizofutwa' };

const orderEn = (f: { order: string | number }) => (typeof f.order === 'number' ? `order ${f.order}` : f.order);
const orderSw = (f: { order: string | number }) => (typeof f.order === 'number' ? `agizo ${f.order}` : f.order);

/**
 * The English sentences. They are the descriptions journals carried before kinds existed, word for word, so a
 * search, an export or an old test reads the same; migration 0035 reads them back into kinds and facts.
 */
const EN: Words = {
  invoice: (f) => `Invoice ${f.invoice} (${f.service})`,
  payment: (f) => `${word(METHODS_EN, f.method)} payment for invoice ${f.invoice}`,
  payment_refund: (f) => `M-Pesa payment for invoice ${f.invoice} received and refunded (${f.reference})`,
  claim: (f) => `Claim ${f.claim} ${f.status} (invoice ${f.invoice})`,
  waiver: (f) => `Waiver on invoice ${f.invoice}`,
  stock: (f) => `${word(MOVEMENTS_EN, f.movement)}: ${f.quantity} ${f.unit} ${f.item}`,
  reversal: (f) => `Reversal of ${f.journal}: ${f.reason}`,
  year_close: (f) => `Year-end close ${f.year}: revenue and expense to accumulated surplus`,
  bank_charges: (f) => `Bank charges on statement ${f.statement}, line ${f.line}: ${f.text}`,
  interest: (f) => `Interest on statement ${f.statement}, line ${f.line}: ${f.text}`,
  payroll: (f) => `Payroll ${f.period}, ${f.scope === 'county' ? 'the county' : f.scope === 'subcounty' ? `${f.place} sub-county` : f.place}: ${f.employees} employees`,
  payroll_net: (f) => `Net pay ${f.period}, pay run ${f.run}: paid (${f.reference})`,
  payroll_remittance: (f) => `${f.remittance.toUpperCase()} for ${f.period}: remitted (${f.reference})`,
  goods_received: (f) => `Goods received ${f.grn} on ${orderEn(f)} from ${f.supplier}`,
  donation: (f) => `Donation in kind ${f.grn} from ${f.donor}`,
  supplier_invoice: (f) => `Supplier invoice ${f.invoice} on ${orderEn(f)} matched`,
  supplier_payment: (f) => `Payment voucher ${f.voucher}: ${f.invoices}`,
};

const SW: Words = {
  invoice: (f) => `Ankara ${f.invoice} (${word(SERVICES_SW, f.service)})`,
  payment: (f) => `Malipo ya ${word(METHODS_SW, f.method)} ya ankara ${f.invoice}`,
  payment_refund: (f) => `Malipo ya M-Pesa ya ankara ${f.invoice} yamepokelewa na kurudishwa (${f.reference})`,
  claim: (f) => `Dai ${f.claim} ${word(CLAIM_STATUS_SW, f.status)} (ankara ${f.invoice})`,
  waiver: (f) => `Msamaha wa ankara ${f.invoice}`,
  stock: (f) => `${word(MOVEMENTS_SW, f.movement)}: ${word(UNITS_SW, f.unit)} ${f.quantity} za ${f.item}`,
  reversal: (f) => `Kubatilisha ${f.journal}: ${f.reason}`,
  year_close: (f) => `Kufunga mwaka ${f.year}: mapato na matumizi kwenda ziada iliyolimbikizwa`,
  bank_charges: (f) => `Ada za benki kwenye taarifa ${f.statement}, mstari ${f.line}: ${f.text}`,
  interest: (f) => `Riba kwenye taarifa ${f.statement}, mstari ${f.line}: ${f.text}`,
  payroll: (f) => `Mishahara ${f.period}, ${f.scope === 'county' ? 'kaunti nzima' : f.scope === 'subcounty' ? `kaunti ndogo ya ${f.place}` : f.place}: wafanyakazi ${f.employees}`,
  payroll_net: (f) => `Mshahara halisi ${f.period}, orodha ya mishahara ${f.run}: umelipwa (${f.reference})`,
  payroll_remittance: (f) => `${f.remittance.toUpperCase()} ya ${f.period}: imewasilishwa (${f.reference})`,
  goods_received: (f) => `Bidhaa zilizopokelewa ${f.grn} kwa ${orderSw(f)} kutoka kwa ${f.supplier}`,
  donation: (f) => `Msaada wa vitu ${f.grn} kutoka kwa ${f.donor}`,
  supplier_invoice: (f) => `Ankara ya msambazaji ${f.invoice} kwa ${orderSw(f)} imelinganishwa`,
  supplier_payment: (f) => `Hati ya malipo ${f.voucher}: ${f.invoices}`,
};

const WORDS: Record<Language, Words> = { en: EN, sw: SW };

/** The sentence of an event, in a language (the longest a journal's description holds: 300 characters). */
export function journalSentence(text: JournalText, lang: Language): string {
  const say = WORDS[lang][text.kind] as (f: JournalText['facts']) => string;
  return say(text.facts).slice(0, 300);
}

/** The facts each kind's sentence reads: a journal missing one is told by its stored description. */
const FACT_KEYS: { [K in JournalTextKind]: readonly (keyof JournalFactsOf[K])[] } = {
  invoice: ['invoice', 'service'],
  payment: ['method', 'invoice'],
  payment_refund: ['invoice', 'reference'],
  claim: ['claim', 'status', 'invoice'],
  waiver: ['invoice'],
  stock: ['movement', 'quantity', 'unit', 'item'],
  reversal: ['journal', 'reason'],
  year_close: ['year'],
  bank_charges: ['statement', 'line', 'text'],
  interest: ['statement', 'line', 'text'],
  payroll: ['period', 'scope', 'place', 'employees'],
  payroll_net: ['period', 'run', 'reference'],
  payroll_remittance: ['remittance', 'period', 'reference'],
  goods_received: ['grn', 'order', 'supplier'],
  donation: ['grn', 'donor'],
  supplier_invoice: ['invoice', 'order'],
  supplier_payment: ['voucher', 'invoices'],
};

const isFact = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/** Whether a stored kind and facts can be worded by this build. */
export function isJournalText(text: { kind: string; facts: JournalFacts }): text is JournalText {
  const keys = (FACT_KEYS as Record<string, readonly string[]>)[text.kind];
  return keys !== undefined && keys.every((k) => isFact(text.facts[k]));
}

/**
 * What a journal says to its reader: the event's sentence in their language when the journal has a kind this
 * build knows and the facts it needs, else the description it was posted with (a person's words, or an event
 * recorded before kinds existed).
 */
export function describeJournal(j: { description: string; text?: { kind: string; facts: JournalFacts } | null }, lang: Language): string {
  return j.text && isJournalText(j.text) ? journalSentence(j.text, lang) : j.description;
}

/** A journal's event as the API gives it (null when a person wrote the journal): the reader words it with describeJournal. */
export const journalTextSchema = z.object({ kind: z.string(), facts: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable();
