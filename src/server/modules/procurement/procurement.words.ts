// The procurement module's refusals with figures and names, worded on the server in English and Kiswahili
// (core/words.ts): the procurement screen's bundle has no words for them, so they live here. A state (an order's, a
// requisition's, a supplier's, an invoice's), a procurement method and an order's kind are words, not facts: a
// message that names one has a wording for each value, made below from the two languages' words for them, so a
// Kiswahili reader never meets "pending approval" inside a Kiswahili sentence. Codes, numbers, amounts and names
// stay facts.
import type { Language } from '../../../shared/language.js';
import { INVOICE_STATUSES, ORDER_KINDS, ORDER_STATUSES, PROCUREMENT_METHODS, REQUISITION_STATUSES, SUPPLIER_STATUSES } from '../../../shared/procurement/index.js';
import type { Said } from '../../core/errors.js';
import { serverWords } from '../../core/words.js';
import { METHOD_NAMES } from './thresholds.service.js';

type Pascal<S extends string> = S extends `${infer A}_${infer B}` ? `${Capitalize<A>}${Pascal<B>}` : Capitalize<S>;
const pascal = <S extends string>(s: S) => s.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('') as Pascal<S>;

/** One wording per value: `submitNotDraft` + `pending_approval` is the message `submitNotDraftPendingApproval`. */
function perValue<N extends string, V extends string>(name: N, values: readonly V[], words: (value: V) => string) {
  return Object.fromEntries(values.map((v) => [`${name}${pascal(v)}`, words(v)])) as Record<`${N}${Pascal<V>}`, string>;
}

type OrderState = (typeof ORDER_STATUSES)[number];
type RequisitionState = (typeof REQUISITION_STATUSES)[number];
type SupplierState = (typeof SUPPLIER_STATUSES)[number];
type InvoiceState = (typeof INVOICE_STATUSES)[number];
type Method = (typeof PROCUREMENT_METHODS)[number];
type Kind = (typeof ORDER_KINDS)[number];

/** An order's state after "This order is" / "Agizo hili" (the procurement screen's status names). */
const ORDER_IS: Record<Language, Record<OrderState, string>> = {
  en: Object.fromEntries(ORDER_STATUSES.map((s) => [s, `is ${s.replace(/_/g, ' ')}`])) as Record<OrderState, string>,
  sw: {
    draft: 'ni rasimu',
    pending_approval: 'linasubiri idhini',
    approved: 'limeidhinishwa',
    rejected: 'limekataliwa',
    in_transit: 'liko njiani',
    partially_delivered: 'limefikishwa sehemu',
    delivered: 'limefikishwa',
    invoiced: 'limetozwa ankara',
    paid: 'limelipwa',
    cancelled: 'limeghairiwa',
  },
};
const REQUISITION_IS: Record<RequisitionState, string> = { open: 'liko wazi', ordered: 'limeagizwa', cancelled: 'limeghairiwa' };
const SUPPLIER_IS: Record<SupplierState, string> = { approved: 'ameidhinishwa', pending: 'bado hajaidhinishwa', suspended: 'amesimamishwa' };
const INVOICE_IS: Record<InvoiceState, string> = { held: 'imezuiliwa', matched: 'imelingana', paid: 'imelipwa' };
/** A method as a Kiswahili sentence names it (the screen's names, in lower case). */
const METHOD_SW: Record<Method, string> = {
  open_tender: 'zabuni ya wazi',
  restricted_tender: 'zabuni yenye mipaka',
  rfq: 'ombi la nukuu za bei',
  low_value: 'ununuzi wa thamani ndogo',
  direct: 'ununuzi wa moja kwa moja',
  rfp: 'ombi la mapendekezo',
  framework: 'mkataba wa mfumo',
  public_entity: 'ununuzi kutoka taasisi ya umma',
};
const KIND_SW: Record<Kind, string> = { goods: 'bidhaa', services: 'huduma', works: 'kazi za ujenzi' };
const LIMITS = PROCUREMENT_METHODS.flatMap((m) => ORDER_KINDS.map((k) => `${m}_${k}` as `${Method}_${Kind}`));
const limitParts = (mk: `${Method}_${Kind}`) => {
  const kind = ORDER_KINDS.find((k) => mk.endsWith(`_${k}`))!;
  return { method: mk.slice(0, -kind.length - 1) as Method, kind };
};

/** An order's refusals that name its state: the state is in the wording. */
const orderState = (lang: Language) => ({
  ...perValue('submitNotDraft', ORDER_STATUSES, (s) => (lang === 'en' ? `This order ${ORDER_IS.en[s]}: only a draft is submitted` : `Agizo hili ${ORDER_IS.sw[s]}: rasimu pekee ndiyo huwasilishwa kwa idhini`)),
  ...perValue('approveNotPending', ORDER_STATUSES, (s) =>
    lang === 'en' ? `This order ${ORDER_IS.en[s]}: only an order pending approval is approved` : `Agizo hili ${ORDER_IS.sw[s]}: agizo linalosubiri idhini pekee ndilo huidhinishwa`,
  ),
  ...perValue('rejectNotPending', ORDER_STATUSES, (s) =>
    lang === 'en' ? `This order ${ORDER_IS.en[s]}: only an order pending approval is rejected` : `Agizo hili ${ORDER_IS.sw[s]}: agizo linalosubiri idhini pekee ndilo hukataliwa`,
  ),
  ...perValue('cancelClosed', ORDER_STATUSES, (s) =>
    lang === 'en'
      ? `This order ${ORDER_IS.en[s]}: goods were received or it is closed, so it cannot be cancelled`
      : `Agizo hili ${ORDER_IS.sw[s]}: bidhaa zimeshapokelewa au limefungwa, kwa hiyo haliwezi kughairiwa`,
  ),
  ...perValue('transitNotApproved', ORDER_STATUSES, (s) =>
    lang === 'en' ? `This order ${ORDER_IS.en[s]}: only an approved order goes in transit` : `Agizo hili ${ORDER_IS.sw[s]}: agizo lililoidhinishwa pekee ndilo huwekwa njiani`,
  ),
  ...perValue('deliveryNotReceivable', ORDER_STATUSES, (s) =>
    lang === 'en'
      ? `A delivery is recorded against an approved, in-transit or partly delivered order; {order} ${ORDER_IS.en[s]}`
      : `Bidhaa hupokelewa dhidi ya agizo lililoidhinishwa, lililo njiani au lililofikishwa sehemu tu; agizo {order} ${ORDER_IS.sw[s]}`,
  ),
  ...perValue('deliveryNotReceivableUnnumbered', ORDER_STATUSES, (s) =>
    lang === 'en'
      ? `A delivery is recorded against an approved, in-transit or partly delivered order; this order ${ORDER_IS.en[s]}`
      : `Bidhaa hupokelewa dhidi ya agizo lililoidhinishwa, lililo njiani au lililofikishwa sehemu tu; agizo hili ${ORDER_IS.sw[s]}`,
  ),
});

export const { said: procurementSaid } = serverWords('procurement', {
  en: {
    ...orderState('en'),
    ...perValue('requisitionAlready', REQUISITION_STATUSES, (s) => `Requisition {number} is already ${s}`),
    requisitionOtherFacility: 'Requisition {number} is for another facility',
    ...perValue('supplierNotApproved', SUPPLIER_STATUSES, (s) => `{supplier} is ${s}: only an approved supplier is ordered from`),
    supplierTaxCompliance: "{supplier}'s tax compliance certificate is not in force: ask for a current one before ordering",
    ...perValue('methodLimit', LIMITS, (mk) => {
      const { method, kind } = limitParts(mk);
      return `${METHOD_NAMES[method]} is limited to {limit} for ${kind}: this order is {total}`;
    }),
    budgetShort: 'Not enough budget on account {account} for {fiscalYear}: budget {budget}, committed {committed}, spent {spent}, available {available}; this order needs {needed}',
    requisitionedApproves: 'You requisitioned this order: another officer approves it',
    requisitionedRejects: 'You requisitioned this order: another officer rejects it',
    preparedApproves: 'You prepared this order: another officer approves it',
    preparedRejects: 'You prepared this order: another officer rejects it',
    ...perValue('egpReference', PROCUREMENT_METHODS, (m) => `Give the e-GP tender reference: ${METHOD_NAMES[m]} is processed on e-GP`),

    deliveryOtherFacility: 'Line {line} ({item}) names a stock line of another facility: correct the order',
    deliveryAllAccepted: 'Line {line} ({item}): all {quantity} {unit} ordered were accepted already',
    deliveryRemain: 'Line {line} ({item}): only {remain} of {quantity} {unit} ordered remain to be accepted',

    invoiceNothingAccepted: 'Nothing has been accepted on {order} yet: an invoice is matched against accepted goods',
    invoiceNothingAcceptedUnnumbered: 'Nothing has been accepted on this order yet: an invoice is matched against accepted goods',
    ...perValue('invoiceNotHeld', INVOICE_STATUSES, (s) => `Only a held invoice is corrected; {invoice} is ${s}`),

    paymentOutOfScope: 'Forbidden: invoice {invoice} is outside your scope',
    paymentHeld: 'A held invoice cannot be paid: {invoice} waits for its correction',
    paymentPaid: 'Invoice {invoice} is paid already',
    paymentFunds: "These invoices' orders are paid from different funds ({funds}): one voucher per fund",

    catalogCode: "Line {line}: code is 1 to 30 letters, digits, '.', '/' or '-' ({code})",
    catalogCodeBlank: "Line {line}: code is 1 to 30 letters, digits, '.', '/' or '-' (blank)",
    catalogCodeTwice: 'Line {line}: {code} is on line {first} already',
    catalogNameRequired: 'Line {line}: name is required',
    catalogNameLong: 'Line {line}: name must be at most 160 characters',
    catalogCategoryLong: 'Line {line}: category must be at most 40 characters',
    catalogUnitLong: 'Line {line}: unit must be at most 20 characters',
    catalogPackSize: 'Line {line}: pack_size must be a whole number from 1 to 100,000 ({pack})',
    catalogUnitPrice: 'Line {line}: unit_price must be an amount above 0 and at most 10,000,000 ({price})',
    catalogUnitPriceBlank: 'Line {line}: unit_price must be an amount above 0 and at most 10,000,000 (blank)',
  },
  sw: {
    ...orderState('sw'),
    ...perValue('requisitionAlready', REQUISITION_STATUSES, (s) => `Ombi {number} tayari ${REQUISITION_IS[s]}`),
    requisitionOtherFacility: 'Ombi {number} ni la kituo kingine',
    ...perValue('supplierNotApproved', SUPPLIER_STATUSES, (s) => `Msambazaji {supplier} ${SUPPLIER_IS[s]}: agizo hutolewa kwa msambazaji aliyeidhinishwa pekee`),
    supplierTaxCompliance: 'Cheti cha utiifu wa kodi cha {supplier} si halali kwa sasa: omba cheti kipya kabla ya kuagiza',
    ...perValue('methodLimit', LIMITS, (mk) => {
      const { method, kind } = limitParts(mk);
      return `Kikomo cha ${METHOD_SW[method]} kwa ${KIND_SW[kind]} ni {limit}: agizo hili ni {total}`;
    }),
    budgetShort:
      'Bajeti haitoshi kwenye akaunti {account} kwa mwaka wa fedha {fiscalYear}: bajeti {budget}, iliyowekwa kwa maagizo {committed}, iliyotumika {spent}, iliyobaki {available}; agizo hili linahitaji {needed}',
    requisitionedApproves: 'Wewe uliomba agizo hili: afisa mwingine lazima aliidhinishe',
    requisitionedRejects: 'Wewe uliomba agizo hili: afisa mwingine lazima alikatae',
    preparedApproves: 'Wewe uliandaa agizo hili: afisa mwingine lazima aliidhinishe',
    preparedRejects: 'Wewe uliandaa agizo hili: afisa mwingine lazima alikatae',
    ...perValue('egpReference', PROCUREMENT_METHODS, (m) => `Toa kumbukumbu ya zabuni ya e-GP: ${METHOD_SW[m]} hufanyika kwenye e-GP`),

    deliveryOtherFacility: 'Mstari {line} ({item}) unataja bidhaa ya stoo ya kituo kingine: sahihisha agizo',
    deliveryAllAccepted: 'Mstari {line} ({item}): zote {quantity} {unit} zilizoagizwa zimeshakubaliwa',
    deliveryRemain: 'Mstari {line} ({item}): ni {remain} tu kati ya {quantity} {unit} zilizoagizwa zinazosubiri kukubaliwa',

    invoiceNothingAccepted: 'Bado hakuna kilichokubaliwa kwenye agizo {order}: ankara hulinganishwa na bidhaa zilizokubaliwa',
    invoiceNothingAcceptedUnnumbered: 'Bado hakuna kilichokubaliwa kwenye agizo hili: ankara hulinganishwa na bidhaa zilizokubaliwa',
    ...perValue('invoiceNotHeld', INVOICE_STATUSES, (s) => `Ankara iliyozuiliwa pekee ndiyo husahihishwa; ankara {invoice} ${INVOICE_IS[s]}`),

    paymentOutOfScope: 'Hairuhusiwi: ankara {invoice} iko nje ya eneo lako',
    paymentHeld: 'Ankara iliyozuiliwa hailipwi: {invoice} inasubiri kusahihishwa',
    paymentPaid: 'Ankara {invoice} imeshalipwa',
    paymentFunds: 'Maagizo ya ankara hizi hulipwa kutoka mifuko tofauti ({funds}): hati moja ya malipo kwa kila mfuko',

    catalogCode: "Mstari {line}: msimbo ni herufi au tarakimu 1 hadi 30, '.', '/' au '-' ({code})",
    catalogCodeBlank: "Mstari {line}: msimbo ni herufi au tarakimu 1 hadi 30, '.', '/' au '-' (tupu)",
    catalogCodeTwice: 'Mstari {line}: {code} tayari iko kwenye mstari {first}',
    catalogNameRequired: 'Mstari {line}: jina linahitajika',
    catalogNameLong: 'Mstari {line}: jina lisizidi herufi 160',
    catalogCategoryLong: 'Mstari {line}: kundi lisizidi herufi 40',
    catalogUnitLong: 'Mstari {line}: kipimo kisizidi herufi 20',
    catalogPackSize: 'Mstari {line}: pack_size lazima iwe nambari kamili kuanzia 1 hadi 100,000 ({pack})',
    catalogUnitPrice: 'Mstari {line}: unit_price lazima iwe kiasi zaidi ya 0 na kisichozidi 10,000,000 ({price})',
    catalogUnitPriceBlank: 'Mstari {line}: unit_price lazima iwe kiasi zaidi ya 0 na kisichozidi 10,000,000 (tupu)',
  },
});

type Name = Parameters<typeof procurementSaid>[0];
type Facts = Said['facts'];
/** The message `name` + a value's wording, e.g. ('submitNotDraft', 'approved') is submitNotDraftApproved. */
const saidFor = (name: string, value: string, facts: Facts = {}): Said => procurementSaid(`${name}${pascal(value)}` as Name, facts);

export type OrderStateRefusal =
  | 'submitNotDraft'
  | 'approveNotPending'
  | 'rejectNotPending'
  | 'cancelClosed'
  | 'transitNotApproved'
  | 'deliveryNotReceivable'
  | 'deliveryNotReceivableUnnumbered';
/** An order's refusal that names its state (a status as the order row keeps it). */
export const orderStateSaid = (name: OrderStateRefusal, status: OrderState, facts: Facts = {}): Said => saidFor(name, status, facts);
export const requisitionAlreadySaid = (status: RequisitionState, facts: Facts): Said => saidFor('requisitionAlready', status, facts);
export const supplierNotApprovedSaid = (status: SupplierState, facts: Facts): Said => saidFor('supplierNotApproved', status, facts);
export const invoiceNotHeldSaid = (status: InvoiceState, facts: Facts): Said => saidFor('invoiceNotHeld', status, facts);
export const egpReferenceSaid = (method: Method): Said => saidFor('egpReference', method);
/** The method-limit refusal for a method and an order's kind. */
export const methodLimitSaid = (method: Method, kind: Kind, facts: Facts): Said => saidFor('methodLimit', `${method}_${kind}`, facts);
