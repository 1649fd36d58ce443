// Two procurement documents as printed (layout in core/pdf.ts), in the reader's language: the Inspection and
// Acceptance Certificate of a delivery (PROCUREMENT.md "The document trail" 8 — what the committee accepted and
// rejected and why, signed by each member) and the pending bills by age (the Controller of Budget's table). Each
// reads what its JSON read shows, so the paper and the screen never differ.
import { formatKesExact, type Total } from '../../../shared/money.js';
import type { Delivery } from '../../../shared/procurement/index.js';
import type { ServiceContext } from '../../core/context.js';
import { documentWords, documentDate, renderPdf, type Language, type PdfContent, type PdfFile } from '../../core/pdf.js';
import { readDelivery } from './deliveries.service.js';
import { pendingBillsExact, type PendingBillsExact } from './pending-bills.service.js';

const WORDS = documentWords('procurement-receipts', {
  en: {
    certificate: 'Inspection and Acceptance Certificate',
    order: 'Purchase order',
    donation: 'Donation in kind (no order)',
    supplier: 'Supplier',
    donor: 'Donor or programme',
    deliveryNote: 'Delivery note',
    deliveredOn: 'Date delivered',
    recordedBy: 'Recorded by',
    notes: 'Notes',
    lines: 'Goods inspected',
    item: 'Item',
    batch: 'Batch',
    expiry: 'Expiry',
    delivered: 'Delivered',
    accepted: 'Accepted',
    rejected: 'Rejected',
    reason: 'Reason for rejection',
    none: 'No lines',
    committee: 'Inspection and acceptance committee',
    declaration: 'Declaration',
    declares:
      'We, the undersigned members of the inspection and acceptance committee, have inspected the goods above against the order and the delivery note, and accept the quantities shown as accepted. The quantities shown as rejected were refused for the reasons given.',
    member: 'Name',
    signature: 'Signature',
    date: 'Date',
    pendingBills: 'Pending Bills by Age',
    asAt: (d: string) => `As at ${d}`,
    facility: 'Facility',
    subcounty: 'Sub-county',
    under1: 'Under 1 year',
    oneToTwo: '1–2 years',
    twoToThree: '2–3 years',
    over3: 'Over 3 years',
    total: 'Total (KES)',
    invoices: 'Invoices',
    county: 'County total',
    noBills: 'No pending bills',
    basis: 'Approved (matched) supplier invoices not paid, aged from the invoice date.',
  },
  sw: {
    certificate: 'Cheti cha Ukaguzi na Kukubali Bidhaa',
    order: 'Agizo la ununuzi',
    donation: 'Msaada wa bidhaa (bila agizo)',
    supplier: 'Msambazaji',
    donor: 'Mfadhili au mpango',
    deliveryNote: 'Hati ya kupokea bidhaa',
    deliveredOn: 'Tarehe ya kupokea',
    recordedBy: 'Imerekodiwa na',
    notes: 'Maelezo',
    lines: 'Bidhaa zilizokaguliwa',
    item: 'Bidhaa',
    batch: 'Bechi',
    expiry: 'Mwisho wa matumizi',
    delivered: 'Zilizoletwa',
    accepted: 'Zilizokubaliwa',
    rejected: 'Zilizokataliwa',
    reason: 'Sababu ya kukataa',
    none: 'Hakuna mistari',
    committee: 'Kamati ya ukaguzi na kukubali bidhaa',
    declaration: 'Tamko',
    declares:
      'Sisi, wanakamati wa ukaguzi na kukubali bidhaa tuliotia sahihi hapa chini, tumekagua bidhaa zilizo juu kulingana na agizo na hati ya kupokea, na tunakubali idadi iliyoonyeshwa kuwa imekubaliwa. Idadi iliyoonyeshwa kuwa imekataliwa ilikataliwa kwa sababu zilizotolewa.',
    member: 'Jina',
    signature: 'Sahihi',
    date: 'Tarehe',
    pendingBills: 'Madeni Yanayosubiri Kulipwa kwa Umri',
    asAt: (d: string) => `Hadi tarehe ${d}`,
    facility: 'Kituo',
    subcounty: 'Kaunti ndogo',
    under1: 'Chini ya mwaka 1',
    oneToTwo: 'Miaka 1–2',
    twoToThree: 'Miaka 2–3',
    over3: 'Zaidi ya miaka 3',
    total: 'Jumla (KES)',
    invoices: 'Ankara',
    county: 'Jumla ya kaunti',
    noBills: 'Hakuna madeni yanayosubiri',
    basis: 'Ankara za wasambazaji zilizoidhinishwa (zimelinganishwa) ambazo hazijalipwa, kwa umri kutoka tarehe ya ankara.',
  },
} as const);

const LINE = '____________________';

export function certificateContent(d: Delivery, lang: Language): PdfContent {
  const w = WORDS[lang];
  return {
    title: w.certificate,
    reference: d.number,
    facility: d.facility,
    sections: [
      {
        kind: 'fields',
        rows: [
          [w.order, d.orderNumber ?? w.donation],
          [d.kind === 'donation' ? w.donor : w.supplier, d.supplier],
          [w.deliveryNote, d.deliveryNote],
          [w.deliveredOn, documentDate(d.deliveredOn, lang)],
          [w.recordedBy, d.recordedByName],
          ...(d.notes ? [[w.notes, d.notes] as const] : []),
        ],
      },
      {
        kind: 'table',
        heading: w.lines,
        columns: [
          { label: w.item, width: 26 },
          { label: w.batch, width: 12 },
          { label: w.expiry, width: 12 },
          { label: w.delivered, width: 10, align: 'right' },
          { label: w.accepted, width: 10, align: 'right' },
          { label: w.rejected, width: 10, align: 'right' },
          { label: w.reason, width: 20 },
        ],
        rows: d.items.map((l) => [`${l.itemName} (${l.unit})`, l.batchNumber ?? '', l.expiryDate ?? '', String(l.delivered), String(l.accepted), String(l.rejected), l.rejectionReason ?? '']),
        empty: w.none,
      },
      { kind: 'text', heading: w.declaration, body: w.declares },
      {
        kind: 'table',
        heading: w.committee,
        columns: [
          { label: w.member, width: 40 },
          { label: w.signature, width: 35 },
          { label: w.date, width: 25 },
        ],
        rows: d.committee.map((m) => [m.name, LINE, LINE]),
      },
    ],
  };
}

/** GET /api/procurement/deliveries/:id/certificate.pdf. */
export async function certificatePdf(ctx: ServiceContext, id: number, lang: Language, reader: string): Promise<PdfFile> {
  const delivery = await readDelivery(ctx.db, id);
  const pdf = await renderPdf(certificateContent(delivery, lang), lang, { by: reader, at: ctx.now() });
  return { filename: `Inspection-${delivery.number}.pdf`, pdf };
}

const kes = (t: Total) => formatKesExact(t);

export function pendingBillsContent(p: PendingBillsExact, lang: Language): PdfContent {
  const w = WORDS[lang];
  const figures = (e: PendingBillsExact['county']) => [kes(e.under1), kes(e.oneToTwo), kes(e.twoToThree), kes(e.over3), kes(e.total), String(e.count)];
  return {
    title: w.pendingBills,
    reference: w.asAt(documentDate(p.asAt, lang)),
    landscape: true,
    sections: [
      { kind: 'text', heading: w.pendingBills, body: w.basis },
      {
        kind: 'table',
        columns: [
          { label: w.facility, width: 22 },
          { label: w.subcounty, width: 12 },
          { label: w.under1, width: 12, align: 'right' },
          { label: w.oneToTwo, width: 11, align: 'right' },
          { label: w.twoToThree, width: 11, align: 'right' },
          { label: w.over3, width: 11, align: 'right' },
          { label: w.total, width: 13, align: 'right' },
          { label: w.invoices, width: 8, align: 'right' },
        ],
        rows: [...p.facilities.map((f) => [f.facility, f.subcounty, ...figures(f)]), ...(p.facilities.length ? [[w.county, '', ...figures(p.county)]] : [])],
        empty: w.noBills,
      },
    ],
  };
}

/** GET /api/procurement/pending-bills.pdf. */
export async function pendingBillsPdf(ctx: ServiceContext, q: { facilityId?: number; asAt?: string | null }, lang: Language, reader: string): Promise<PdfFile> {
  const p = await pendingBillsExact(ctx, q);
  const pdf = await renderPdf(pendingBillsContent(p, lang), lang, { by: reader, at: ctx.now() });
  return { filename: `pending-bills-${p.asAt}.pdf`, pdf };
}
