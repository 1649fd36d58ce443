// The invoice and the receipt as printed documents (issue 12; the layout is core/pdf.ts). Both read the invoice
// through getBillingDetail, so they show what GET /api/billing/:id shows and are audited as a read of it. The
// Kiswahili words are the billing screen's own (client/features/billing/locales/sw.json).
//
// The invoice tells a paying patient what they pay for and how (issue 31): each service line with its quantity, unit
// price and total; where the facility is; and, while something is owed, the M-Pesa paybill (or till) the county's
// payments go to — the same short code the desk's STK push uses (MPESA_SHORTCODE, env.ts) — with the account number
// to type, which is the invoice's reference as the county's M-Pesa statement shows it (daraja.ts accountReference).
import type { BillingDetail, BillingStatus, InsuranceClaim, Payment, PaymentMethod } from '../../../shared/billing/index.js';
import { INSURANCE_PROVIDERS, SERVICE_TYPES } from '../../../shared/billing/index.js';
import { COUNTY_PROFILE } from '../../../shared/county.js';
import { formatKesExact, isNegative, isPositive, parseKes, subtract, ZERO } from '../../../shared/money.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, notFound } from '../../core/errors.js';
import { documentWords, documentDate, documentDateTime, renderPdf, type Language, type PdfContent, type PdfSection } from '../../core/pdf.js';
import type { MpesaConfig } from '../../env.js';
import { findFacility } from '../facilities/index.js';
import { findBillingRecord, getBillingDetail } from './billing.service.js';
import { accountReference, SANDBOX_SHORTCODE } from './daraja.js';

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
  address: string;
  addressOf: (f: { location: string; ward: string | null; subcounty: string }) => string;
  services: string;
  service: string;
  notes: string;
  quantity: string;
  unitPrice: string;
  lineTotal: string;
  amount: string;
  howToPay: string;
  paybill: string;
  till: string;
  accountNumber: string;
  tillReference: (invoice: string) => string;
  amountToPay: string;
  sandbox: string;
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

const WORDS: Record<Language, Words> = documentWords('invoice', {
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
    address: 'Address',
    addressOf: (f) => [f.location, f.ward ? `${f.ward} Ward` : null, `${f.subcounty} Sub-County`, `${COUNTY_PROFILE.name} County`].filter(Boolean).join(', '),
    services: 'Services',
    service: 'Service',
    notes: 'Notes',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Total',
    amount: 'Amount',
    howToPay: 'How to pay with M-Pesa',
    paybill: 'Paybill (business number)',
    till: 'Buy Goods till number',
    accountNumber: 'Account number',
    tillReference: (invoice) => `Show the M-Pesa message and invoice ${invoice} at the cashier`,
    amountToPay: 'Amount to pay',
    sandbox: "Safaricom's test paybill (sandbox): no money moves",
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
    address: 'Anwani',
    addressOf: (f) => [f.location, f.ward ? `Wadi ya ${f.ward}` : null, `Kaunti Ndogo ya ${f.subcounty}`, `Kaunti ya ${COUNTY_PROFILE.name}`].filter(Boolean).join(', '),
    services: 'Huduma',
    service: 'Aina ya huduma',
    notes: 'Maelezo',
    quantity: 'Idadi',
    unitPrice: 'Bei ya kimoja',
    lineTotal: 'Jumla',
    amount: 'Kiasi',
    howToPay: 'Jinsi ya kulipa kwa M-Pesa',
    paybill: 'Paybill (nambari ya biashara)',
    till: 'Nambari ya till (Lipa kwa Bidhaa)',
    accountNumber: 'Nambari ya akaunti',
    tillReference: (invoice) => `Onyesha ujumbe wa M-Pesa na ankara ${invoice} kwenye dirisha la malipo`,
    amountToPay: 'Kiasi cha kulipa',
    sandbox: 'Paybill ya majaribio ya Safaricom (sandbox): hakuna pesa inayohamishwa',
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
});

const kes = (amount: number) => formatKesExact(parseKes(amount));

/** What is still owed by the patient: their share less what they paid, never below zero. */
function owedOf(bill: BillingDetail) {
  if (bill.status === 'paid' || bill.status === 'cancelled') return ZERO;
  const left = subtract(parseKes(bill.patientPayable), parseKes(bill.amountPaid));
  return isNegative(left) ? ZERO : left;
}
const outstandingOf = (bill: BillingDetail): string => formatKesExact(owedOf(bill));

/** Where an M-Pesa payment goes: the county's paybill, or a Buy Goods till; `sandbox` when no money moves. */
export type PayInto = { kind: 'paybill' | 'till'; number: string; sandbox: boolean };

/**
 * The paybill or till of the M-Pesa settings: the Daraja short code (a till's number is MPESA_PARTY_B), or, with no
 * credentials configured, the sandbox paybill the simulator stands in for.
 */
export function payInto(mpesa: MpesaConfig): PayInto {
  if (mpesa.mode === 'simulator') return { kind: 'paybill', number: SANDBOX_SHORTCODE, sandbox: true };
  const sandbox = mpesa.environment === 'sandbox';
  return mpesa.transactionType === 'CustomerBuyGoodsOnline' ? { kind: 'till', number: mpesa.partyB, sandbox } : { kind: 'paybill', number: mpesa.shortcode, sandbox };
}

/** The facility as the invoice's letterhead gives it: its name and where it is. */
export type InvoiceFacility = { location: string; ward: string | null; subcounty: string };

/** While the patient owes something: the number to pay into, the account number to type, and how much. */
function howToPay(w: Words, bill: BillingDetail, pay: PayInto | undefined): PdfSection[] {
  const owed = owedOf(bill);
  if (!pay || !isPositive(owed)) return [];
  return [
    {
      kind: 'fields',
      heading: w.howToPay,
      rows: [
        pay.kind === 'paybill'
          ? ([w.paybill, pay.sandbox ? `${pay.number} (${w.sandbox})` : pay.number] as const)
          : ([w.till, pay.sandbox ? `${pay.number} (${w.sandbox})` : pay.number] as const),
        pay.kind === 'paybill' ? ([w.accountNumber, accountReference(bill.invoiceNumber)] as const) : ([w.accountNumber, w.tillReference(bill.invoiceNumber)] as const),
        [w.amountToPay, formatKesExact(owed)],
      ],
    },
  ];
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

/**
 * The invoice: what was billed, to whom, where, how it is paid, and what is paid and owed. An invoice is one service
 * of an amount (SPEC.md §3 billing record): one line, quantity 1, its amount the unit price and the line's total.
 */
export function invoiceContent(bill: BillingDetail, lang: Language, facility?: InvoiceFacility, pay?: PayInto): PdfContent {
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
          ...(facility ? [[w.address, w.addressOf(facility)] as const] : []),
        ],
      },
      { kind: 'fields', heading: w.patient, rows: patientFields(w, bill) },
      {
        kind: 'table',
        heading: w.services,
        columns: [
          { label: w.service, width: 3 },
          { label: w.notes, width: 4 },
          { label: w.quantity, width: 0.8, align: 'right' },
          { label: w.unitPrice, width: 2.2, align: 'right' },
          { label: w.lineTotal, width: 2.2, align: 'right' },
        ],
        rows: [[w.serviceTypes[bill.serviceType], bill.notes ?? '', '1', kes(bill.amount), kes(bill.amount)]],
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
      ...howToPay(w, bill, pay),
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

/**
 * GET /api/billing/:id/invoice.pdf and …/receipt.pdf: the document, and its file name. `mpesa`: the server's M-Pesa
 * settings, for the paybill an invoice tells the patient to pay into.
 */
export async function billingPdf(ctx: ServiceContext, id: number, which: 'invoice' | 'receipt', lang: Language, by: string, mpesa?: MpesaConfig): Promise<{ filename: string; pdf: Buffer }> {
  if (which === 'receipt') {
    // Refused before the read is audited: an unpaid invoice has no receipt to show.
    const found = await findBillingRecord(ctx.db, id, ctx.now());
    if (!found) throw notFound('Invoice not found');
    if (found.status !== 'paid') throw conflict(WORDS.en.notPaid);
  }
  const bill = await getBillingDetail(ctx, id, `billing.${which}.print`);
  const facility = which === 'invoice' ? await findFacility(ctx.db, bill.facilityId) : undefined;
  const content = which === 'invoice' ? invoiceContent(bill, lang, facility, mpesa && payInto(mpesa)) : receiptContent(bill, lang);
  return { filename: `${which === 'invoice' ? bill.invoiceNumber : `receipt-${bill.invoiceNumber}`}.pdf`, pdf: await renderPdf(content, lang, { by, at: ctx.now() }) };
}
