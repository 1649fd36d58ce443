// The Local Purchase Order (goods) or Local Service Order (services and works) as printed and signed (PROCUREMENT.md
// "The document trail" 6): its number from the gapless series, the IFMIS PO number and e-GP reference, the supplier
// with its KRA PIN, the lines, the total, the delivery date and place, and the signatures. Printed only once the order
// is approved, from what GET /api/procurement/purchase-orders/:id shows.
import { formatKesExact, parseKes } from '../../../shared/money.js';
import type { PurchaseOrder } from '../../../shared/procurement/index.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict } from '../../core/errors.js';
import { documentWords, documentDate, documentDateTime, renderPdf, type Language, type PdfContent, type PdfFile } from '../../core/pdf.js';
import { procurementSuppliers } from './procurement.schema.js';
import { eq } from 'drizzle-orm';
import { getOrder } from './orders.service.js';

const WORDS = documentWords('purchase-order', {
  en: {
    lpo: 'Local Purchase Order (LPO)',
    lso: 'Local Service Order (LSO)',
    supplier: 'Supplier',
    kraPin: 'KRA PIN',
    address: 'Address',
    phone: 'Phone',
    facility: 'Deliver to',
    deliveryDate: 'Deliver by',
    ifmis: 'IFMIS PO number',
    egp: 'e-GP reference',
    method: 'Procurement method',
    fund: 'Fund / vote',
    requisition: 'Requisition',
    requestedBy: 'Requested by',
    preparedBy: 'Prepared by',
    approvedBy: 'Approved by (accounting officer)',
    approvedOn: 'Approved on',
    items: 'Items',
    no: 'No.',
    item: 'Item and specification',
    quantity: 'Quantity',
    unitPrice: 'Unit price (KES)',
    amount: 'Amount (KES)',
    total: 'Total',
    terms: 'Terms',
    termsText: (days: number) =>
      `Deliver to the facility named above with a delivery note quoting this order's number. Goods are accepted only after inspection by the facility's inspection and acceptance committee; medicines and reagents must show batch numbers and expiry dates. Invoice within ${days} days of acceptance, quoting this order's number and the IFMIS PO number.`,
    signatures: 'Signatures',
    signature: 'Signature and date',
    notes: 'Notes',
    none: 'not given',
    status: 'Status',
    cancelled: 'CANCELLED',
  },
  sw: {
    lpo: 'Agizo la Ununuzi (LPO)',
    lso: 'Agizo la Huduma (LSO)',
    supplier: 'Msambazaji',
    kraPin: 'PIN ya KRA',
    address: 'Anwani',
    phone: 'Simu',
    facility: 'Peleka kwa',
    deliveryDate: 'Peleka kabla ya',
    ifmis: 'Nambari ya agizo ya IFMIS',
    egp: 'Kumbukumbu ya e-GP',
    method: 'Njia ya ununuzi',
    fund: 'Mfuko',
    requisition: 'Ombi la mahitaji',
    requestedBy: 'Imeombwa na',
    preparedBy: 'Imetayarishwa na',
    approvedBy: 'Imeidhinishwa na (afisa mhasibu)',
    approvedOn: 'Imeidhinishwa tarehe',
    items: 'Bidhaa',
    no: 'Na.',
    item: 'Bidhaa na maelezo',
    quantity: 'Idadi',
    unitPrice: 'Bei ya kipimo (KES)',
    amount: 'Kiasi (KES)',
    total: 'Jumla',
    terms: 'Masharti',
    termsText: (days: number) =>
      `Peleka kwenye kituo kilichotajwa hapo juu pamoja na hati ya uwasilishaji inayotaja nambari ya agizo hili. Bidhaa hupokelewa tu baada ya ukaguzi wa kamati ya ukaguzi na upokeaji ya kituo; dawa na vitendanishi lazima vionyeshe nambari za bechi na tarehe za kuisha muda. Wasilisha ankara ndani ya siku ${days} baada ya kupokelewa, ukitaja nambari ya agizo hili na ya IFMIS.`,
    signatures: 'Sahihi',
    signature: 'Sahihi na tarehe',
    notes: 'Maelezo',
    none: 'haijatolewa',
    status: 'Hali',
    cancelled: 'IMEFUTWA',
  },
} as const);

const METHODS = {
  en: { open_tender: 'Open tender', restricted_tender: 'Restricted tender', rfq: 'Request for quotations', low_value: 'Low-value procurement', direct: 'Direct procurement', rfp: 'Request for proposals', framework: 'Framework agreement', public_entity: 'Public entity (KEMSA)' },
  sw: { open_tender: 'Zabuni ya wazi', restricted_tender: 'Zabuni yenye mipaka', rfq: 'Ombi la bei', low_value: 'Ununuzi wa thamani ndogo', direct: 'Ununuzi wa moja kwa moja', rfp: 'Ombi la mapendekezo', framework: 'Mkataba wa mfumo', public_entity: 'Taasisi ya umma (KEMSA)' },
} as const;

const kes = (n: number) => formatKesExact(parseKes(n)).replace(/^KES\s*/, '');

export function lpoContent(o: PurchaseOrder, supplier: { kraPin: string | null; location: string; phone: string; paymentTermsDays: number }, lang: Language): PdfContent {
  const w = WORDS[lang];
  return {
    title: o.kind === 'goods' ? w.lpo : w.lso,
    reference: o.status === 'cancelled' ? `${o.number} — ${w.cancelled}` : (o.number ?? ''),
    facility: o.facility,
    sections: [
      {
        kind: 'fields',
        heading: w.supplier,
        rows: [
          [w.supplier, o.supplier],
          [w.kraPin, supplier.kraPin ?? w.none],
          [w.address, supplier.location],
          [w.phone, supplier.phone],
        ],
      },
      {
        kind: 'fields',
        rows: [
          [w.facility, o.facility],
          [w.deliveryDate, documentDate(o.deliveryDate, lang)],
          [w.ifmis, o.ifmisPoNumber ?? w.none],
          [w.egp, o.egpReference ?? w.none],
          [w.method, METHODS[lang][o.method]],
          [w.fund, `${o.fund.toUpperCase()} · ${o.accountCode}`],
          ...(o.requisitionNumber ? [[w.requisition, o.requisitionNumber] as const] : []),
        ],
      },
      {
        kind: 'table',
        heading: w.items,
        columns: [
          { label: w.no, width: 0.06 },
          { label: w.item, width: 0.46 },
          { label: w.quantity, width: 0.14, align: 'right' },
          { label: w.unitPrice, width: 0.16, align: 'right' },
          { label: w.amount, width: 0.18, align: 'right' },
        ],
        rows: [
          ...o.items.map((i) => [String(i.lineNo), i.specifications ? `${i.itemName} — ${i.specifications}` : i.itemName, `${i.quantity} ${i.unit}`, kes(i.unitPrice), kes(i.total)]),
          ['', w.total, '', '', kes(o.totalAmount)],
        ],
      },
      ...(o.notes ? [{ kind: 'text' as const, heading: w.notes, body: o.notes }] : []),
      { kind: 'text', heading: w.terms, body: w.termsText(supplier.paymentTermsDays) },
      {
        kind: 'fields',
        heading: w.signatures,
        rows: [
          [w.requestedBy, `${o.requestedByName}   ${w.signature}: ____________________`],
          [w.preparedBy, `${o.preparedByName}   ${w.signature}: ____________________`],
          [w.approvedBy, `${o.approvedByName ?? ''}   ${w.signature}: ____________________`],
          [w.approvedOn, o.approvedAt ? documentDateTime(o.approvedAt, lang) : w.none],
        ],
      },
    ],
  };
}

const PRINTABLE = new Set(['approved', 'in_transit', 'partially_delivered', 'delivered', 'invoiced', 'paid', 'cancelled']);

/** GET /api/procurement/purchase-orders/:id/lpo.pdf: the approved order to sign and send. */
export async function lpoPdf(ctx: ServiceContext, id: number, lang: Language, reader: string): Promise<PdfFile> {
  const order = await getOrder(ctx, id);
  if (!PRINTABLE.has(order.status) || !order.number) throw conflict('The order is printed once it is approved');
  const [supplier] = await ctx.db.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, order.supplierId));
  const pdf = await renderPdf(lpoContent(order, supplier!, lang), lang, { by: reader, at: ctx.now() });
  return { filename: `${order.number}.pdf`, pdf };
}
