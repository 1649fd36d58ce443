// The invoice and the receipt as printed documents (issue 12; the layout is core/pdf.ts). Both read the invoice
// through getBillingDetail, so they show what GET /api/billing/:id shows and are audited as a read of it. The
// Kiswahili words are the billing screen's own (client/features/billing/locales/sw.json).
import type { BillingDetail, BillingStatus, InsuranceClaim, Payment, PaymentMethod } from '../../../shared/billing/index.js';
import { INSURANCE_PROVIDERS, SERVICE_TYPES } from '../../../shared/billing/index.js';
import { formatKesExact, isNegative, parseKes, subtract, ZERO } from '../../../shared/money.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { documentDate, documentDateTime, renderPdf, type Language, type PdfContent } from '../../core/pdf.js';
import { findBillingRecord, getBillingDetail } from './billing.service.js';

type Words = {
  invoice: string;
  receipt: string;
  invoiceNumber: string;
  date: string;
  dueDate: string;
  status: string;
  paymentMethod: string;
  patient: string;
  name: string;
  nationalId: string;
  patientNumber: string;
  facility: string;
  services: string;
  service: string;
  notes: string;
  amount: string;
  insurance: string;
  insurer: string;
  memberNumber: string;
  coverage: string;
  claim: string;
  amounts: string;
  total: string;
  patientPays: string;
  paid: string;
  outstanding: string;
  payments: string;
  noPayments: string;
  method: string;
  receiptNumber: string;
  paidOn: string;
  amountPaid: string;
  insurerPaid: string;
  none: string;
  statuses: Record<BillingStatus, string>;
  paymentStatuses: Record<Payment['status'], string>;
  claimStatuses: Record<InsuranceClaim['status'], string>;
  methods: Record<PaymentMethod, string>;
  serviceTypes: Record<(typeof SERVICE_TYPES)[number], string>;
  providers: Record<(typeof INSURANCE_PROVIDERS)[number], string>;
  notPaid: string;
};

const WORDS: Record<Language, Words> = {
  en: {
    invoice: 'Invoice',
    receipt: 'Receipt',
    invoiceNumber: 'Invoice number',
    date: 'Date',
    dueDate: 'Due date',
    status: 'Status',
    paymentMethod: 'Payment method',
    patient: 'Patient',
    name: 'Name',
    nationalId: 'National ID',
    patientNumber: 'Patient number',
    facility: 'Facility',
    services: 'Services',
    service: 'Service',
    notes: 'Notes',
    amount: 'Amount',
    insurance: 'Insurance',
    insurer: 'Insurer',
    memberNumber: 'Insurance / SHA member number',
    coverage: 'Coverage',
    claim: 'Claim',
    amounts: 'Amounts',
    total: 'Total',
    patientPays: 'Patient pays',
    paid: 'Paid so far',
    outstanding: 'Outstanding',
    payments: 'Payments',
    noPayments: 'No payment has been attempted yet.',
    method: 'Method',
    receiptNumber: 'Receipt number',
    paidOn: 'Paid on',
    amountPaid: 'Amount paid',
    insurerPaid: 'Paid by the insurer',
    none: 'None',
    statuses: { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', processing: 'Processing', cancelled: 'Cancelled' },
    paymentStatuses: { processing: 'Processing', succeeded: 'Received', failed: 'Failed', review: 'Needs review', refunded: 'Refunded' },
    claimStatuses: { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected' },
    methods: { cash: 'Cash', card: 'Card', mpesa: 'M-Pesa', nhif: 'SHA (formerly NHIF)', insurance: 'Insurance' },
    serviceTypes: {
      consultation: 'Consultation',
      laboratory: 'Laboratory',
      radiology: 'Radiology',
      pharmacy: 'Pharmacy',
      emergency: 'Emergency',
      surgery: 'Surgery',
      maternity: 'Maternity',
    },
    providers: { nhif: 'SHA (formerly NHIF)', madison: 'Madison', aap: 'AAP', jubilee: 'Jubilee', aar: 'AAR' },
    notPaid: 'A receipt is issued once the invoice is paid; this invoice is not paid yet',
  },
  sw: {
    invoice: 'Ankara',
    receipt: 'Risiti',
    invoiceNumber: 'Nambari ya ankara',
    date: 'Tarehe',
    dueDate: 'Tarehe ya mwisho ya kulipa',
    status: 'Hali',
    paymentMethod: 'Njia ya malipo',
    patient: 'Mgonjwa',
    name: 'Jina',
    nationalId: 'Nambari ya kitambulisho',
    patientNumber: 'Nambari ya mgonjwa',
    facility: 'Kituo cha afya',
    services: 'Huduma',
    service: 'Aina ya huduma',
    notes: 'Maelezo',
    amount: 'Kiasi',
    insurance: 'Bima',
    insurer: 'Kampuni ya bima',
    memberNumber: 'Nambari ya bima / ya mwanachama wa SHA',
    coverage: 'Kiwango cha bima',
    claim: 'Dai la bima',
    amounts: 'Kiasi',
    total: 'Jumla',
    patientPays: 'Analolipa mgonjwa',
    paid: 'Kilicholipwa hadi sasa',
    outstanding: 'Kinachodaiwa',
    payments: 'Malipo',
    noPayments: 'Bado hakuna malipo yaliyojaribiwa.',
    method: 'Njia',
    receiptNumber: 'Nambari ya risiti',
    paidOn: 'Imelipwa tarehe',
    amountPaid: 'Kiasi kilicholipwa',
    insurerPaid: 'Kilicholipwa na bima',
    none: 'Hakuna',
    statuses: { paid: 'Imelipwa', pending: 'Inasubiri', overdue: 'Imepita tarehe', processing: 'Inashughulikiwa', cancelled: 'Imefutwa' },
    paymentStatuses: { processing: 'Inashughulikiwa', succeeded: 'Imepokelewa', failed: 'Imeshindikana', review: 'Inahitaji ukaguzi', refunded: 'Imerudishwa' },
    claimStatuses: { submitted: 'Limewasilishwa', approved: 'Limeidhinishwa', rejected: 'Limekataliwa' },
    methods: { cash: 'Pesa taslimu', card: 'Kadi', mpesa: 'M-Pesa', nhif: 'SHA (zamani NHIF)', insurance: 'Bima' },
    serviceTypes: {
      consultation: 'Ushauri wa daktari',
      laboratory: 'Maabara',
      radiology: 'Picha za mionzi',
      pharmacy: 'Duka la dawa',
      emergency: 'Dharura',
      surgery: 'Upasuaji',
      maternity: 'Uzazi',
    },
    providers: { nhif: 'SHA (zamani NHIF)', madison: 'Madison', aap: 'AAP', jubilee: 'Jubilee', aar: 'AAR' },
    notPaid: 'Risiti hutolewa ankara ikishalipwa; ankara hii bado haijalipwa',
  },
};

const kes = (amount: number) => formatKesExact(parseKes(amount));

/** What is still owed by the patient: their share less what they paid, never below zero. */
function outstandingOf(bill: BillingDetail): string {
  if (bill.status === 'paid' || bill.status === 'cancelled') return formatKesExact(ZERO);
  const left = subtract(parseKes(bill.patientPayable), parseKes(bill.amountPaid));
  return formatKesExact(isNegative(left) ? ZERO : left);
}

const approvedClaim = (bill: BillingDetail) => bill.claims.find((c) => c.status === 'approved') ?? null;

function patientFields(w: Words, bill: BillingDetail): readonly (readonly [string, string])[] {
  return [
    [w.name, bill.patientName],
    [w.nationalId, bill.nationalId],
    [w.patientNumber, String(bill.patientId)],
  ];
}

function paymentRow(w: Words, p: Payment, lang: Language): string[] {
  return [documentDateTime(p.completedAt ?? p.createdAt, lang), w.methods[p.method], p.receiptNumber ?? '-', w.paymentStatuses[p.status], kes(p.amount)];
}

const paymentColumns = (w: Words) => [
  { label: w.date, width: 3 },
  { label: w.method, width: 2 },
  { label: w.receiptNumber, width: 3 },
  { label: w.status, width: 2 },
  { label: w.amount, width: 2.2, align: 'right' as const },
];

/** The invoice: what was billed, to whom, where, how it is paid, and what is paid and owed. */
export function invoiceContent(bill: BillingDetail, lang: Language): PdfContent {
  const w = WORDS[lang];
  const claim = bill.claims[0] ?? null;
  const insured = bill.insuranceProvider !== null;
  return {
    title: w.invoice,
    reference: bill.invoiceNumber,
    facility: bill.facilityName,
    sections: [
      {
        kind: 'fields',
        rows: [
          [w.invoiceNumber, bill.invoiceNumber],
          [w.date, documentDate(bill.createdAt, lang)],
          [w.dueDate, bill.dueDate ? documentDate(bill.dueDate, lang) : '-'],
          [w.status, w.statuses[bill.status]],
          [w.paymentMethod, w.methods[bill.paymentMethod]],
          [w.facility, bill.facilityName],
        ],
      },
      { kind: 'fields', heading: w.patient, rows: patientFields(w, bill) },
      {
        kind: 'table',
        heading: w.services,
        columns: [
          { label: w.service, width: 3 },
          { label: w.notes, width: 5 },
          { label: w.amount, width: 2.2, align: 'right' },
        ],
        rows: [[w.serviceTypes[bill.serviceType], bill.notes ?? '', kes(bill.amount)]],
      },
      ...(insured
        ? [
            {
              kind: 'fields' as const,
              heading: w.insurance,
              rows: [
                [w.insurer, w.providers[bill.insuranceProvider as keyof Words['providers']] ?? bill.insuranceProvider ?? ''],
                [w.memberNumber, bill.insuranceNumber ?? '-'],
                [w.coverage, `${bill.insuranceCoveragePercent}%`],
                ...(claim ? [[w.claim, `${claim.claimNumber} · ${w.claimStatuses[claim.status]}`] as const] : []),
              ] as const,
            },
          ]
        : []),
      {
        kind: 'fields',
        heading: w.amounts,
        rows: [
          [w.total, kes(bill.amount)],
          ...(insured ? [[w.patientPays, kes(bill.patientPayable)] as const] : []),
          [w.paid, kes(bill.amountPaid)],
          [w.outstanding, outstandingOf(bill)],
        ],
      },
      { kind: 'table', heading: w.payments, columns: paymentColumns(w), rows: bill.payments.map((p) => paymentRow(w, p, lang)), empty: w.noPayments },
    ],
  };
}

/** The receipt of a paid invoice: the payments received with their M-Pesa or receipt numbers. */
export function receiptContent(bill: BillingDetail, lang: Language): PdfContent {
  const w = WORDS[lang];
  const received = bill.payments.filter((p) => p.status === 'succeeded');
  const numbers = received.map((p) => p.receiptNumber).filter((n): n is string => n !== null);
  const claim = approvedClaim(bill);
  return {
    title: w.receipt,
    reference: numbers.length > 0 ? numbers.join(', ') : bill.invoiceNumber,
    facility: bill.facilityName,
    sections: [
      {
        kind: 'fields',
        rows: [
          [w.receiptNumber, numbers.length > 0 ? numbers.join(', ') : w.none],
          [w.invoiceNumber, bill.invoiceNumber],
          [w.paidOn, bill.paidAt ? documentDateTime(bill.paidAt, lang) : '-'],
          [w.paymentMethod, w.methods[bill.paymentMethod]],
          [w.service, w.serviceTypes[bill.serviceType]],
          [w.total, kes(bill.amount)],
          ...(claim?.approvedAmount != null ? [[w.insurerPaid, `${kes(claim.approvedAmount)} (${claim.claimNumber})`] as const] : []),
          [w.amountPaid, kes(bill.amountPaid)],
          [w.status, w.statuses[bill.status]],
        ],
      },
      { kind: 'fields', heading: w.patient, rows: patientFields(w, bill) },
      { kind: 'table', heading: w.payments, columns: paymentColumns(w), rows: received.map((p) => paymentRow(w, p, lang)), empty: w.noPayments },
    ],
  };
}

/** GET /api/billing/:id/invoice.pdf and …/receipt.pdf: the document, and its file name. */
export async function billingPdf(ctx: ServiceContext, id: number, which: 'invoice' | 'receipt', lang: Language, by: string): Promise<{ filename: string; pdf: Buffer }> {
  if (which === 'receipt') {
    // Refused before the read is audited: an unpaid invoice has no receipt to show.
    const found = await findBillingRecord(ctx.db, id, ctx.now());
    if (!found) throw notFound('Invoice not found');
    if (found.status !== 'paid') throw conflict(WORDS.en.notPaid);
  }
  const bill = await getBillingDetail(ctx, id, `billing.${which}.print`);
  const content = which === 'invoice' ? invoiceContent(bill, lang) : receiptContent(bill, lang);
  return { filename: `${which === 'invoice' ? bill.invoiceNumber : `receipt-${bill.invoiceNumber}`}.pdf`, pdf: await renderPdf(content, lang, { by, at: ctx.now() }) };
}
