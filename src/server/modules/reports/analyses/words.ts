// The words of the analysis reports — each section's title, column heads and notes — in English and Kiswahili
// (issue 30 item 8). An analysis names its words by key with the facts they need (say(), below); the section keeps
// both the phrases and their English (analyses/common.ts section()), so a reader of today's English files sees no
// change, and the download words the phrases in the reader's language (wordReport). Here on the server, not in the
// client's locale files: the reports screen's bundle has no room for them, and the CSV and the PDF need them too.
//
// A placeholder is {name}; a fact is a text, a number, another phrase or a list of phrases (ReportFact). A county
// date (YYYY-MM-DD) or month (YYYY-MM) among the facts is written in the language's date style: English as the
// reports always wrote it (2026-03-16, 2026-03), Kiswahili as its printed documents do (16 Machi 2026, Machi 2026).
// The Kiswahili follows the system's own terms (client locales, the accounting statements' PDF): Kituo, Kaunti
// Ndogo, Nambari ya MFL, ziara, visa vipya, ankara, rufaa. Where a note names a row whose label is data kept in
// English (All facilities, Not recorded, the MOH 705 row All other diseases), the Kiswahili quotes it as the
// table shows it.
import { documentDate } from '../../../core/pdf.js';
import type { Language } from '../../../../shared/language.js';
import type { ReportData, ReportFact, ReportPhrase, ReportSection } from '../../../../shared/reports/index.js';

const EN = {
  // A word the data gives (a week, a MOH 705 row's label, an unknown payment method): the same in every language.
  asRecorded: '{text}',
  'join.and': ' and ',
  'join.semicolon': '; ',

  // Columns many sections share
  'col.mflCode': 'MFL code',
  'col.facility': 'Facility',
  'col.subcounty': 'Sub-county',
  'col.total': 'Total',
  'col.condition': 'Condition',
  'col.visits': 'Visits',
  'col.newAttendances': 'New attendances',
  'col.reAttendances': 'Re-attendances',
  'col.patientsSeen': 'Patients seen',
  'col.daysWithVisits': 'Days with visits',
  'col.staff': 'Staff',
  'col.role': 'Role',
  'col.status': 'Status',
  'col.service': 'Service',
  'col.invoices': 'Invoices',
  'col.invoicesPaid': 'Invoices paid',
  'col.amountKes': 'Amount (KES)',
  'col.sharePercent': 'Share (%)',
  'col.averageInvoiceKes': 'Average invoice (KES)',
  'col.paidKes': 'Paid (KES)',
  'col.notYetPaidKes': 'Not yet paid (KES)',
  'col.newPatientsRegistered': 'New patients registered',
  'col.moneyCollectedKes': 'Money collected (KES)',
  'col.referralsOut': 'Referrals out',
  'col.referredOut': 'Referred out',
  'col.referredIn': 'Referred in',
  'col.urgency': 'Urgency',
  'col.value': 'Value',
  'col.detail': 'Detail',
  'col.claimedKes': 'Claimed (KES)',
  'col.stockedOutInDays': 'Stocked out during these days',

  // Notes many sections share
  'note.wholeKes': 'Whole KES, each figure rounded half-up once from the exact amounts.',
  'note.newPatients': 'New patients: registered in these days at these facilities.',
  'note.moneyCollected': 'Money collected: invoices paid in these days, as Revenue Management counts it, in whole KES rounded half-up once.',

  // Patient Demographics
  'demographics.registeredBy': 'Patients registered at these facilities by {end}',
  'demographics.registeredBetween': 'Patients registered from {start} to {end}',
  'demographics.seenBetween': 'Patients seen from {start} to {end}',
  'demographics.bySubcounty': 'Patients by sub-county of residence',
  'demographics.registeredByPlaceAgeSex': 'Patients registered by {end}, by sub-county, age band and sex',
  'demographics.seenByPlaceAgeSex': 'Patients seen from {start} to {end}, by sub-county, age band and sex',
  'demographics.col.ageBand': 'Age band (years)',
  'demographics.col.female': 'Female',
  'demographics.col.male': 'Male',
  'demographics.col.residence': 'Sub-county of residence',
  'demographics.col.registeredBy': 'Registered by {end}',
  'demographics.col.registeredInDays': 'Registered in these days',
  'demographics.col.seenInDays': 'Seen in these days',
  'demographics.col.bandFemale': '{band} F',
  'demographics.col.bandMale': '{band} M',
  'demographics.note.age': 'Age in whole years on {end}.',
  'demographics.note.registeredAt': 'Each patient counts at the facility that registered them.',
  'demographics.note.seen': 'Patients with at least one visit at these facilities in these days, each once however often seen, wherever registered.',
  'demographics.note.sexes': 'F: female, M: male.',
  'demographics.note.place': 'Sub-county as recorded at registration (Samia is counted as Funyula and Bunyala as Budalangi); "Not recorded": registered without one.',

  // Disease Surveillance
  'surveillance.notifiable': 'Notifiable and epidemic-prone diseases: new cases per week, all ages',
  'surveillance.leading705A': 'Leading conditions, under 5 years (MOH 705A rows): new cases per week',
  'surveillance.leading705B': 'Leading conditions, 5 years and over (MOH 705B rows): new cases per week',
  'surveillance.col.under5': 'Under 5',
  'surveillance.col.over5': '5 and over',
  'surveillance.col.row': 'No.',
  'surveillance.note.notifiable':
    "Kenya's notifiable and epidemic-prone diseases (IDSR) that have a MOH 705 row, listed every week even with no case: a zero is itself the report. A dash: the row is not on that age group's form.",
  'surveillance.note.weeks': 'Weeks are ISO weeks, Monday to Sunday, on the county calendar.',
  'surveillance.note.weeksPartial': 'Weeks are ISO weeks, Monday to Sunday, on the county calendar. Counted only within {start} to {end}: {weeks}.',
  'surveillance.partialWeek': '{week} from {first} to {last}',
  'surveillance.note.noCases': 'No new cases were diagnosed in these days.',
  'surveillance.note.leading': 'Up to {limit} rows, those with the most new cases; "No." is the row of the form.',
  'surveillance.note.allOther': 'All other diseases (diagnoses mapped to no row): {cases} new cases, not listed.',
  'surveillance.note.newOnly':
    "New cases only (diagnoses flagged new; repeat visits for the same illness are not counted), a patient once per row per day at a facility, each ICD-11 code on its MOH 705 row by the county's mapping.",

  // Malaria testing (issue 31): in Disease Surveillance per week, in Communicable Disease per facility.
  'malaria.perWeek': 'Malaria testing per week, all ages: patients tested, tested positive and test positivity',
  'malaria.byFacility': 'Malaria testing by facility, all ages: patients tested, tested positive and test positivity',
  'malaria.col.week': 'Week',
  'malaria.col.tested': 'Tested for malaria',
  'malaria.col.positive': 'Tested positive',
  'malaria.col.positivity': 'Test positivity (%)',
  'malaria.note.tested':
    'Tested for malaria: patients with a malaria RDT or blood slide resulted at a visit (positive or negative), once per day at a facility, as MOH 705A and 705B count Tested for Malaria; tested positive: those with a positive result. Test positivity: tested positive ÷ tested, one decimal; a dash when no one was tested.',
  'malaria.note.confirmed':
    'Confirmed Malaria on the forms is a malaria species diagnosis (1F40–1F44) at a visit with a positive test; the same diagnosis without one counts in Suspected Malaria.',

  // Communicable and Non-Communicable Disease: {group} is one of the two words below.
  'diseases.group.communicable': 'communicable',
  'diseases.group.nonCommunicable': 'non-communicable',
  'diseases.byCondition': 'New cases of {group} diseases by condition',
  'diseases.byFacility': 'New cases of {group} diseases by facility',
  'diseases.col.under5': 'Under 5 years (MOH 705A)',
  'diseases.col.over5': '5 years and over (MOH 705B)',
  'diseases.col.other': 'Other {group} conditions',
  'diseases.note.oneForm': 'A dash: the row is not on that form ({conditions}).',
  'diseases.note.newOnly':
    "New cases only (diagnoses flagged new), a patient once per row per day at a facility, each ICD-11 code on its MOH 705 row by the county's mapping; a patient with two conditions counts on both rows.",
  'diseases.note.rows': 'The {group} rows are listed in src/server/modules/reports/analyses/diseases.ts; injuries, nutrition, pregnancy and All other diseases are in neither group.',
  'diseases.note.noCases': 'No new cases of {group} diseases were diagnosed at these facilities in these days.',
  'diseases.note.leading': 'Columns: the {count} leading {group} conditions across these facilities.',

  // Revenue Collection
  'revenue.byFacility': 'Money collected by facility (KES)',
  'revenue.byMethod': 'Money collected by payment method',
  'revenue.byService': 'Money collected by service',
  'revenue.col.method': 'Payment method',
  'payment.cash': 'Cash',
  'payment.card': 'Card',
  'payment.mpesa': 'M-Pesa',
  'payment.nhif': 'SHA (formerly NHIF)',
  'payment.insurance': 'Insurance',
  'revenue.note.money':
    'Money received: invoices paid in these days, by the day they were paid, as Revenue Management counts it; an invoice counts whole under the payment method it was raised with (SHA and insurance invoices too). Whole KES, each figure rounded half-up once from the exact amounts.',
  'revenue.note.noShare': 'No invoice was paid in these days: no share to show.',

  // SHA Claims
  'sha.byFacility': 'SHA claims submitted in these days, by facility',
  'sha.waiting': 'SHA claims awaiting a decision on {asked}, by days waiting',
  'sha.col.submitted': 'Claims submitted',
  'sha.col.approvedClaims': 'Approved (claims)',
  'sha.col.approvedKes': 'Approved (KES)',
  'sha.col.rejectedClaims': 'Rejected (claims)',
  'sha.col.rejectedKes': 'Rejected (KES claimed)',
  'sha.col.awaitingClaims': 'Awaiting decision (claims)',
  'sha.col.awaitingKes': 'Awaiting decision (KES claimed)',
  'sha.col.approvedOfDecided': 'Approved of decided (%)',
  'sha.col.waitingSince': 'Waiting since submission',
  'sha.col.claims': 'Claims',
  'sha.note.scope':
    "SHA (the Social Health Authority, formerly NHIF) claims only; private insurers' claims are not in this report. Each claim as it stood on {asked}: one submitted in these days and decided since shows its decision.",
  'sha.note.approvedOfDecided':
    'Approved of decided: the amount SHA approved as a share of the amount claimed on the claims it has decided (approved or rejected); a dash where none was decided. An approval may be partial: the patient owes the rest.',
  'sha.note.waiting': 'Every SHA claim of these facilities still awaiting a decision, whenever it was submitted: the money SHA still owes, if it approves.',

  // Billing Analysis
  'billing.byStatus': 'Invoices raised in these days, by status',
  'billing.byService': 'Invoices raised by service',
  'billing.byFacility': 'Invoices raised by facility',
  'billing.col.shareOfInvoices': 'Share of invoices (%)',
  'billing.col.overdue': 'Overdue (invoices)',
  'billing.col.cancelled': 'Cancelled (invoices)',
  'billing.note.status':
    "Invoices raised (created) in these days at these facilities, each in its status on {asked}; overdue: pending past its due date (the billing screens' rule). The amount is the whole invoice, the insurer's share included.",
  'billing.note.noAverage': 'Average invoice: a dash where no invoice was raised.',
  'billing.note.notYetPaid': 'Not yet paid: pending, overdue or with a payment under way.',

  // Inventory Stock
  'inventory.byFacility': 'Stock by facility on {end}',
  'inventory.mostStockedOut': 'Items most often stocked out',
  'inventory.col.lines': 'Stock lines',
  'inventory.col.out': 'Out of stock',
  'inventory.col.low': 'Below reorder level',
  'inventory.col.deliveries': 'Deliveries received',
  'inventory.col.expiring': 'Expiring within 90 days',
  'inventory.col.value': 'Value at cost (KES)',
  'inventory.col.item': 'Item',
  'inventory.col.category': 'Category',
  'inventory.col.stocking': 'Facilities stocking it',
  'inventory.col.outAtEnd': 'Out of stock at the end',
  'inventory.note.ledger':
    "Each stock line as the stock ledger had it at the end of {end}. Out of stock: none left; below reorder level: at or under the line's minimum stock, above none (the inventory screen's Low Stock); stocked out during these days: out of stock at some time from {start} to {end}.",
  'inventory.note.expiring': 'Expiring within 90 days: not recorded — stock lines and deliveries record no batch expiry dates yet, so a dash.',
  'inventory.note.value': "Value at cost: the balance at each line's unit cost as recorded today (the ledger keeps no past costs), in whole KES rounded half-up once.",
  'inventory.note.noneOut': 'No stock line of these facilities was out of stock in these days.',
  'inventory.note.ranked': 'Up to {limit} items, by the facilities out of stock at the end, then during the days.',

  // Facility Utilization
  'utilization.title': 'Facility utilization',
  'utilization.col.level': 'Level',
  'utilization.col.status': 'Status (today)',
  'utilization.col.perDayWithVisits': 'Visits per day with visits',
  'utilization.col.perDay': 'Visits per day ({days} days)',
  'utilization.col.beds': 'Beds (capacity)',
  'utilization.col.cots': 'Cots (capacity)',
  'utilization.note.attendances':
    'New attendance: the patient\'s first visit to the facility in the calendar year (the OPD convention); later ones are re-attendances. Patients seen: each once however often seen ("All facilities": once across them all).',
  'utilization.note.days': 'Days with visits: opening days are not recorded, so the days on which the facility recorded at least one visit stand for them.',
  'utilization.note.beds':
    'Beds and cots: the capacity the Master Facility List records ({withBeds} of {facilities} facilities record beds) — how many there are, not how many are occupied: admissions and discharges are not recorded, so bed occupancy cannot be shown. A dash: not recorded. "All facilities" adds those recorded.',

  // Staff Performance
  'staff.visits': 'Visits recorded per clinician',
  'staff.desk': 'Invoices raised and patients registered per member of the desk',
  'staff.col.invoicesRaised': 'Invoices raised',
  'staff.col.patientsRegistered': 'Patients registered',
  'staff.note.noVisits': 'No visits were recorded at these facilities in these days.',
  'staff.note.clinicians': 'Each clinician once per facility where they recorded visits; "Not recorded": visits saved without the clinician.',
  'staff.note.noDesk': 'No invoices were raised and no patients registered at these facilities in these days.',
  'staff.note.counts':
    'Counts of the work each member of staff recorded in the system, nothing more: they do not weigh how hard a case was, the hours worked or work done on paper, and they say nothing of its quality.',

  // Patient Flow
  'flow.byHour': 'Visits by hour of the day',
  'flow.byWeekday': 'Visits by day of the week',
  'flow.perDay': 'Visits per day',
  'flow.col.hour': 'Hour (county time)',
  'flow.col.day': 'Day',
  'flow.col.daysInRange': 'Days in the range',
  'flow.col.perSuchDay': 'Visits per such day',
  'flow.col.measure': 'Measure',
  'flow.note.hours':
    'The time a visit was recorded, East Africa Time. Time not recorded: visits entered on a later day for an earlier one, which carry the day only. Arrival, waiting and consultation times are not recorded, so waiting times cannot be shown.',

  // Referral Analysis
  'referrals.byFacility': 'Referrals by facility',
  'referrals.byUrgency': 'Referrals by urgency',
  'referrals.byStatus': 'Referrals by status today',
  'referrals.reasons': 'Leading reasons for referral',
  'referrals.timing': 'Time from referral to receipt (hours)',
  'referrals.col.outReceived': 'Out: received',
  'referrals.col.outCancelled': 'Out: cancelled',
  'referrals.col.inReceived': 'In: received',
  'referrals.col.reason': 'Reason',
  'referrals.col.referrals': 'Referrals',
  'referrals.col.received': 'Received',
  'referrals.col.median': 'Median',
  'referrals.col.p90': '90th percentile',
  'referrals.col.longest': 'Longest',
  'referrals.col.notYetReceived': 'Not yet received',
  'referrals.note.made': 'Referrals made from {start} to {end}, with their status today.',
  'referrals.note.both': 'A referral between two of these facilities counts as referred out of one and into the other.',
  'referrals.note.none': 'No referrals were made in these days.',
  'referrals.note.reasons': 'Up to {limit} reasons as written by the referring clinician (the same words in any case count together).',
  'referrals.note.timing':
    'From when the referral was made to when the receiving facility first marked it received. A dash: none of that urgency was received. Not yet received: pending or in transit today.',

  // Performance Dashboard
  'dashboard.title': 'Headline indicators, {start} to {end}',
  'dashboard.col.indicator': 'Indicator',
  'dashboard.note.leading':
    'Leading diagnoses: the MOH 705 rows with the most new cases, both age groups (All other diseases left out); a dash when fewer than five rows had cases.',
  'dashboard.note.sources': 'Each figure as its own report counts it: Facility Utilization, Revenue Collection, Referral Analysis, Inventory Stock, the disease reports.',

  // Trends
  'trends.title': 'Month by month',
  'trends.col.month': 'Month',
  'trends.col.days': 'Days counted',
  'trends.note.months': 'The county months of {start} to {end}, at most the last {months}.',
  'trends.note.monthsPartial':
    'The county months of {start} to {end}, at most the last {months}. Only part of {partial} is in the range: compare such a month by its figures per day counted.',
  'trends.partialMonth': '{month} ({first} to {last})',
  'trends.note.referrals': 'Referrals out: made from these facilities in the month, whatever became of them.',

  // Comparative
  'comparative.title': 'Facilities compared, {start} to {end}',
  'comparative.col.leading': 'Leading diagnosis',
  'comparative.col.leadingCases': 'Its new cases',
  'comparative.note.leading':
    'Leading diagnosis: the MOH 705 row with the most new cases at the facility, both age groups (All other diseases left out); a dash where no coded new case was seen. Patients seen: each once at a facility ("All facilities": once across them).',
} as const;

type En = typeof EN;
export type WordKey = keyof En;

const SW: { readonly [K in WordKey]: string } = {
  asRecorded: '{text}',
  'join.and': ' na ',
  'join.semicolon': '; ',

  'col.mflCode': 'Nambari ya MFL',
  'col.facility': 'Kituo',
  'col.subcounty': 'Kaunti Ndogo',
  'col.total': 'Jumla',
  'col.condition': 'Ugonjwa',
  'col.visits': 'Ziara',
  'col.newAttendances': 'Mahudhurio mapya',
  'col.reAttendances': 'Marudio',
  'col.patientsSeen': 'Wagonjwa walioonwa',
  'col.daysWithVisits': 'Siku zenye ziara',
  'col.staff': 'Mfanyakazi',
  'col.role': 'Wadhifa',
  'col.status': 'Hali',
  'col.service': 'Huduma',
  'col.invoices': 'Ankara',
  'col.invoicesPaid': 'Ankara zilizolipwa',
  'col.amountKes': 'Kiasi (KES)',
  'col.sharePercent': 'Sehemu (%)',
  'col.averageInvoiceKes': 'Wastani wa ankara (KES)',
  'col.paidKes': 'Kilicholipwa (KES)',
  'col.notYetPaidKes': 'Bado hakijalipwa (KES)',
  'col.newPatientsRegistered': 'Wagonjwa wapya waliosajiliwa',
  'col.moneyCollectedKes': 'Fedha zilizokusanywa (KES)',
  'col.referralsOut': 'Rufaa zilizotoka',
  'col.referredOut': 'Rufaa zilizotoka',
  'col.referredIn': 'Rufaa zilizoingia',
  'col.urgency': 'Uharaka',
  'col.value': 'Idadi',
  'col.detail': 'Maelezo',
  'col.claimedKes': 'Kilichodaiwa (KES)',
  'col.stockedOutInDays': 'Ziliisha katika siku hizi',

  'note.wholeKes': 'Shilingi nzima (KES): kila takwimu imekadiriwa mara moja tu kutoka kwa kiasi kamili, nusu ikipandishwa juu.',
  'note.newPatients': 'Wagonjwa wapya: waliosajiliwa katika siku hizi katika vituo hivi.',
  'note.moneyCollected': 'Fedha zilizokusanywa: ankara zilizolipwa katika siku hizi, kama Usimamizi wa Mapato unavyohesabu, kwa shilingi nzima (KES) zilizokadiriwa mara moja, nusu ikipandishwa juu.',

  'demographics.registeredBy': 'Wagonjwa waliosajiliwa katika vituo hivi hadi tarehe {end}',
  'demographics.registeredBetween': 'Wagonjwa waliosajiliwa kuanzia tarehe {start} hadi {end}',
  'demographics.seenBetween': 'Wagonjwa walioonwa kuanzia tarehe {start} hadi {end}',
  'demographics.bySubcounty': 'Wagonjwa kwa kaunti ndogo wanakoishi',
  'demographics.registeredByPlaceAgeSex': 'Wagonjwa waliosajiliwa hadi tarehe {end}, kwa kaunti ndogo, kundi la umri na jinsia',
  'demographics.seenByPlaceAgeSex': 'Wagonjwa walioonwa kuanzia tarehe {start} hadi {end}, kwa kaunti ndogo, kundi la umri na jinsia',
  'demographics.col.ageBand': 'Kundi la umri (miaka)',
  'demographics.col.female': 'Wa kike',
  'demographics.col.male': 'Wa kiume',
  'demographics.col.residence': 'Kaunti ndogo ya makazi',
  'demographics.col.registeredBy': 'Waliosajiliwa hadi tarehe {end}',
  'demographics.col.registeredInDays': 'Waliosajiliwa katika siku hizi',
  'demographics.col.seenInDays': 'Walioonwa katika siku hizi',
  'demographics.col.bandFemale': '{band} Ke',
  'demographics.col.bandMale': '{band} Me',
  'demographics.note.age': 'Umri kwa miaka kamili tarehe {end}.',
  'demographics.note.registeredAt': 'Kila mgonjwa anahesabiwa katika kituo kilichomsajili.',
  'demographics.note.seen': 'Wagonjwa wenye angalau ziara moja katika vituo hivi katika siku hizi, kila mmoja mara moja tu hata akionwa mara nyingi, popote aliposajiliwa.',
  'demographics.note.sexes': 'Ke: wa kike, Me: wa kiume.',
  'demographics.note.place': 'Kaunti ndogo kama ilivyorekodiwa wakati wa usajili (Samia inahesabiwa kama Funyula, na Bunyala kama Budalangi); "Not recorded": walisajiliwa bila kaunti ndogo.',

  'surveillance.notifiable': 'Magonjwa yanayopaswa kuripotiwa na ya milipuko: visa vipya kila wiki, umri wote',
  'surveillance.leading705A': 'Magonjwa yanayoongoza, chini ya miaka 5 (safu za MOH 705A): visa vipya kila wiki',
  'surveillance.leading705B': 'Magonjwa yanayoongoza, miaka 5 na zaidi (safu za MOH 705B): visa vipya kila wiki',
  'surveillance.col.under5': 'Chini ya miaka 5',
  'surveillance.col.over5': 'Miaka 5 na zaidi',
  'surveillance.col.row': 'Na.',
  'surveillance.note.notifiable':
    'Magonjwa ya Kenya yanayopaswa kuripotiwa na ya milipuko (IDSR) yenye safu kwenye MOH 705, yameorodheshwa kila wiki hata bila kisa: sifuri yenyewe ni taarifa. Kistari: safu hiyo haimo kwenye fomu ya kundi hilo la umri.',
  'surveillance.note.weeks': 'Wiki ni wiki za ISO, Jumatatu hadi Jumapili, kwa kalenda ya kaunti.',
  'surveillance.note.weeksPartial': 'Wiki ni wiki za ISO, Jumatatu hadi Jumapili, kwa kalenda ya kaunti. Zimehesabiwa ndani ya tarehe {start} hadi {end} pekee: {weeks}.',
  'surveillance.partialWeek': '{week} kuanzia {first} hadi {last}',
  'surveillance.note.noCases': 'Hakuna kisa kipya kilichotambuliwa katika siku hizi.',
  'surveillance.note.leading': 'Hadi safu {limit}, zile zenye visa vipya vingi zaidi; "Na." ni nambari ya safu kwenye fomu.',
  'surveillance.note.allOther': 'All other diseases (utambuzi usio na safu yake): visa vipya {cases}, havijaorodheshwa.',
  'surveillance.note.newOnly':
    'Visa vipya pekee (utambuzi uliowekwa alama kuwa mpya; ziara za marudio kwa ugonjwa uleule hazihesabiwi), mgonjwa mara moja kwa kila safu kwa siku katika kituo, kila msimbo wa ICD-11 kwenye safu yake ya MOH 705 kulingana na misimbo ya fomu ya kaunti.',

  'malaria.perWeek': 'Upimaji wa malaria kila wiki, umri wote: wagonjwa waliopimwa, waliopatikana chanya na kiwango cha vipimo chanya',
  'malaria.byFacility': 'Upimaji wa malaria kwa kituo, umri wote: wagonjwa waliopimwa, waliopatikana chanya na kiwango cha vipimo chanya',
  'malaria.col.week': 'Wiki',
  'malaria.col.tested': 'Waliopimwa malaria',
  'malaria.col.positive': 'Waliopatikana chanya',
  'malaria.col.positivity': 'Kiwango cha vipimo chanya (%)',
  'malaria.note.tested':
    'Waliopimwa malaria: wagonjwa wenye majibu ya kipimo cha RDT au slaidi ya damu ya malaria kwenye ziara (chanya au hasi), mara moja kwa siku katika kituo, kama MOH 705A na 705B zinavyohesabu Tested for Malaria; waliopatikana chanya: wale wenye majibu chanya. Kiwango cha vipimo chanya: waliopatikana chanya ÷ waliopimwa, desimali moja; kistari pale ambapo hakuna aliyepimwa.',
  'malaria.note.confirmed':
    'Confirmed Malaria kwenye fomu ni utambuzi wa aina ya kimelea cha malaria (1F40–1F44) kwenye ziara yenye kipimo chanya; utambuzi huo bila kipimo chanya huhesabiwa kwenye Suspected Malaria.',

  'diseases.group.communicable': 'ya kuambukiza',
  'diseases.group.nonCommunicable': 'yasiyo ya kuambukiza',
  'diseases.byCondition': 'Visa vipya vya magonjwa {group}, kwa ugonjwa',
  'diseases.byFacility': 'Visa vipya vya magonjwa {group}, kwa kituo',
  'diseases.col.under5': 'Chini ya miaka 5 (MOH 705A)',
  'diseases.col.over5': 'Miaka 5 na zaidi (MOH 705B)',
  'diseases.col.other': 'Magonjwa mengine {group}',
  'diseases.note.oneForm': 'Kistari: safu hiyo haimo kwenye fomu hiyo ({conditions}).',
  'diseases.note.newOnly':
    'Visa vipya pekee (utambuzi uliowekwa alama kuwa mpya), mgonjwa mara moja kwa kila safu kwa siku katika kituo, kila msimbo wa ICD-11 kwenye safu yake ya MOH 705 kulingana na misimbo ya fomu ya kaunti; mgonjwa mwenye magonjwa mawili anahesabiwa kwenye safu zote mbili.',
  'diseases.note.rows': 'Safu za magonjwa {group} zimeorodheshwa katika src/server/modules/reports/analyses/diseases.ts; majeraha, lishe, ujauzito na All other diseases hayamo katika kundi lolote.',
  'diseases.note.noCases': 'Hakuna kisa kipya cha magonjwa {group} kilichotambuliwa katika vituo hivi katika siku hizi.',
  'diseases.note.leading': 'Safu wima: magonjwa {count} {group} yanayoongoza katika vituo hivi.',

  'revenue.byFacility': 'Fedha zilizokusanywa kwa kituo (KES)',
  'revenue.byMethod': 'Fedha zilizokusanywa kwa njia ya malipo',
  'revenue.byService': 'Fedha zilizokusanywa kwa huduma',
  'revenue.col.method': 'Njia ya malipo',
  'payment.cash': 'Pesa taslimu',
  'payment.card': 'Kadi',
  'payment.mpesa': 'M-Pesa',
  'payment.nhif': 'SHA (zamani NHIF)',
  'payment.insurance': 'Bima',
  'revenue.note.money':
    'Fedha zilizopokelewa: ankara zilizolipwa katika siku hizi, kwa siku zilipolipwa, kama Usimamizi wa Mapato unavyohesabu; ankara huhesabiwa nzima chini ya njia ya malipo iliyoandikwa nayo (ankara za SHA na za bima pia). Shilingi nzima (KES): kila takwimu imekadiriwa mara moja tu kutoka kwa kiasi kamili, nusu ikipandishwa juu.',
  'revenue.note.noShare': 'Hakuna ankara iliyolipwa katika siku hizi: hakuna sehemu ya kuonyesha.',

  'sha.byFacility': 'Madai ya SHA yaliyowasilishwa katika siku hizi, kwa kituo',
  'sha.waiting': 'Madai ya SHA yanayosubiri uamuzi tarehe {asked}, kwa siku za kusubiri',
  'sha.col.submitted': 'Madai yaliyowasilishwa',
  'sha.col.approvedClaims': 'Yaliyoidhinishwa (madai)',
  'sha.col.approvedKes': 'Kilichoidhinishwa (KES)',
  'sha.col.rejectedClaims': 'Yaliyokataliwa (madai)',
  'sha.col.rejectedKes': 'Yaliyokataliwa (KES iliyodaiwa)',
  'sha.col.awaitingClaims': 'Yanayosubiri uamuzi (madai)',
  'sha.col.awaitingKes': 'Yanayosubiri uamuzi (KES iliyodaiwa)',
  'sha.col.approvedOfDecided': 'Kilichoidhinishwa kati ya yaliyoamuliwa (%)',
  'sha.col.waitingSince': 'Muda tangu kuwasilishwa',
  'sha.col.claims': 'Madai',
  'sha.note.scope':
    'Madai ya SHA (Mamlaka ya Afya ya Jamii, zamani NHIF) pekee; madai ya bima za kibinafsi hayamo katika ripoti hii. Kila dai kama lilivyokuwa tarehe {asked}: dai lililowasilishwa katika siku hizi na kuamuliwa baadaye linaonyesha uamuzi wake.',
  'sha.note.approvedOfDecided':
    'Kilichoidhinishwa kati ya yaliyoamuliwa: kiasi ambacho SHA iliidhinisha kama sehemu ya kiasi kilichodaiwa kwenye madai iliyoyaamua (yaliyoidhinishwa au kukataliwa); kistari pale ambapo hakuna lililoamuliwa. Idhini inaweza kuwa ya sehemu tu: mgonjwa hudaiwa kiasi kilichobaki.',
  'sha.note.waiting': 'Kila dai la SHA la vituo hivi ambalo bado linasubiri uamuzi, hata liwe liliwasilishwa lini: fedha ambazo SHA bado inadaiwa, ikiyaidhinisha.',

  'billing.byStatus': 'Ankara zilizotolewa katika siku hizi, kwa hali',
  'billing.byService': 'Ankara zilizotolewa kwa huduma',
  'billing.byFacility': 'Ankara zilizotolewa kwa kituo',
  'billing.col.shareOfInvoices': 'Sehemu ya ankara (%)',
  'billing.col.overdue': 'Zilizopita tarehe (ankara)',
  'billing.col.cancelled': 'Zilizofutwa (ankara)',
  'billing.note.status':
    'Ankara zilizotolewa (kuundwa) katika siku hizi katika vituo hivi, kila moja katika hali yake tarehe {asked}; "Overdue" (imepita tarehe): inasubiri malipo baada ya tarehe yake ya mwisho (kanuni ya skrini za ankara). Kiasi ni cha ankara nzima, pamoja na sehemu ya bima.',
  'billing.note.noAverage': 'Wastani wa ankara: kistari pale ambapo hakuna ankara iliyotolewa.',
  'billing.note.notYetPaid': 'Bado hakijalipwa: ankara zinazosubiri malipo, zilizopita tarehe au zenye malipo yanayoendelea.',

  'inventory.byFacility': 'Salio la bidhaa kwa kituo tarehe {end}',
  'inventory.mostStockedOut': 'Bidhaa zinazoisha mara nyingi zaidi',
  'inventory.col.lines': 'Idadi ya bidhaa',
  'inventory.col.out': 'Zimeisha',
  'inventory.col.low': 'Chini ya kiwango cha kuagiza',
  'inventory.col.deliveries': 'Mapokezi ya bidhaa',
  'inventory.col.expiring': 'Zinaisha muda ndani ya siku 90',
  'inventory.col.value': 'Thamani kwa bei ya kipimo (KES)',
  'inventory.col.item': 'Bidhaa',
  'inventory.col.category': 'Aina',
  'inventory.col.stocking': 'Vituo vinavyoiweka',
  'inventory.col.outAtEnd': 'Imeisha mwishoni',
  'inventory.note.ledger':
    'Kila bidhaa kama leja ya akiba ilivyokuwa mwisho wa tarehe {end}. Zimeisha: hakuna iliyobaki; chini ya kiwango cha kuagiza: kwenye au chini ya kiwango cha chini cha bidhaa hiyo, lakini haijaisha (Inapungua kwenye skrini ya bidhaa); ziliisha katika siku hizi: ziliisha wakati fulani kuanzia tarehe {start} hadi {end}.',
  'inventory.note.expiring': 'Zinaisha muda ndani ya siku 90: haijarekodiwa — bidhaa na mapokezi bado hayarekodi tarehe za kuisha muda za bechi, kwa hiyo kistari.',
  'inventory.note.value': 'Thamani kwa bei ya kipimo: salio kwa bei ya kipimo ya kila bidhaa kama ilivyorekodiwa leo (leja haihifadhi bei za zamani), kwa shilingi nzima (KES) zilizokadiriwa mara moja, nusu ikipandishwa juu.',
  'inventory.note.noneOut': 'Hakuna bidhaa ya vituo hivi iliyoisha katika siku hizi.',
  'inventory.note.ranked': 'Hadi bidhaa {limit}, zikipangwa kwa idadi ya vituo ambavyo imeisha mwishoni, kisha ambavyo iliisha katika siku hizi.',

  'utilization.title': 'Matumizi ya vituo',
  'utilization.col.level': 'Ngazi',
  'utilization.col.status': 'Hali (leo)',
  'utilization.col.perDayWithVisits': 'Ziara kwa kila siku yenye ziara',
  'utilization.col.perDay': 'Ziara kwa siku (siku {days})',
  'utilization.col.beds': 'Vitanda (uwezo)',
  'utilization.col.cots': 'Vitanda vya watoto (uwezo)',
  'utilization.note.attendances':
    'Hudhurio jipya: ziara ya kwanza ya mgonjwa katika kituo kwa mwaka wa kalenda (kanuni ya OPD); zinazofuata ni marudio. Wagonjwa walioonwa: kila mmoja mara moja tu hata akionwa mara nyingi ("All facilities", vituo vyote: mara moja katika vituo vyote).',
  'utilization.note.days': 'Siku zenye ziara: siku za kufungua kituo hazirekodiwi, kwa hiyo siku ambazo kituo kilirekodi angalau ziara moja ndizo zinazotumika badala yake.',
  'utilization.note.beds':
    'Vitanda na vitanda vya watoto: uwezo unaorekodiwa na Orodha Kuu ya Vituo vya Afya (vituo {withBeds} kati ya {facilities} vimerekodi vitanda) — idadi iliyopo, si idadi inayotumika: kulazwa na kuruhusiwa kwa wagonjwa hakurekodiwi, kwa hiyo matumizi ya vitanda hayawezi kuonyeshwa. Kistari: haijarekodiwa. "All facilities" (vituo vyote) hujumlisha vilivyorekodiwa.',

  'staff.visits': 'Ziara zilizorekodiwa na kila tabibu',
  'staff.desk': 'Ankara zilizotolewa na wagonjwa waliosajiliwa na kila mfanyakazi wa mapokezi',
  'staff.col.invoicesRaised': 'Ankara zilizotolewa',
  'staff.col.patientsRegistered': 'Wagonjwa waliosajiliwa',
  'staff.note.noVisits': 'Hakuna ziara zilizorekodiwa katika vituo hivi katika siku hizi.',
  'staff.note.clinicians': 'Kila tabibu mara moja kwa kila kituo alichorekodi ziara; "Not recorded": ziara zilizohifadhiwa bila jina la tabibu.',
  'staff.note.noDesk': 'Hakuna ankara zilizotolewa wala wagonjwa waliosajiliwa katika vituo hivi katika siku hizi.',
  'staff.note.counts':
    'Hesabu za kazi ambayo kila mfanyakazi alirekodi kwenye mfumo, si zaidi: hazipimi ugumu wa kisa, saa za kazi wala kazi iliyofanywa kwenye karatasi, na hazisemi lolote kuhusu ubora wake.',

  'flow.byHour': 'Ziara kwa saa ya siku',
  'flow.byWeekday': 'Ziara kwa siku ya wiki',
  'flow.perDay': 'Ziara kwa siku',
  'flow.col.hour': 'Saa (saa za kaunti)',
  'flow.col.day': 'Siku',
  'flow.col.daysInRange': 'Siku katika kipindi',
  'flow.col.perSuchDay': 'Ziara kwa kila siku kama hiyo',
  'flow.col.measure': 'Kipimo',
  'flow.note.hours':
    'Wakati ziara ilipoandikwa, kwa Saa za Afrika Mashariki. "Time not recorded" (muda haujarekodiwa): ziara zilizoingizwa siku ya baadaye kwa ajili ya siku ya awali, ambazo zina tarehe pekee. Muda wa kufika, wa kusubiri na wa kumwona tabibu haurekodiwi, kwa hiyo muda wa kusubiri hauwezi kuonyeshwa.',

  'referrals.byFacility': 'Rufaa kwa kituo',
  'referrals.byUrgency': 'Rufaa kwa uharaka',
  'referrals.byStatus': 'Rufaa kwa hali yake leo',
  'referrals.reasons': 'Sababu kuu za rufaa',
  'referrals.timing': 'Muda kutoka rufaa hadi kupokelewa (saa)',
  'referrals.col.outReceived': 'Zilizotoka: zimepokelewa',
  'referrals.col.outCancelled': 'Zilizotoka: zimeghairiwa',
  'referrals.col.inReceived': 'Zilizoingia: zimepokelewa',
  'referrals.col.reason': 'Sababu',
  'referrals.col.referrals': 'Rufaa',
  'referrals.col.received': 'Zimepokelewa',
  'referrals.col.median': 'Nusu zilipokelewa ndani ya',
  'referrals.col.p90': '90% zilipokelewa ndani ya',
  'referrals.col.longest': 'Muda mrefu zaidi',
  'referrals.col.notYetReceived': 'Bado hazijapokelewa',
  'referrals.note.made': 'Rufaa zilizotolewa kuanzia tarehe {start} hadi {end}, pamoja na hali yake leo.',
  'referrals.note.both': 'Rufaa kati ya vituo viwili kati ya hivi inahesabiwa kama iliyotoka kimoja na kuingia kingine.',
  'referrals.note.none': 'Hakuna rufaa zilizotolewa katika siku hizi.',
  'referrals.note.reasons': 'Hadi sababu {limit} kama zilivyoandikwa na tabibu aliyetoa rufaa (maneno yaleyale huhesabiwa pamoja, yawe kwa herufi kubwa au ndogo).',
  'referrals.note.timing':
    'Kuanzia rufaa ilipotolewa hadi kituo kinachopokea kilipoiweka alama ya kupokelewa kwa mara ya kwanza. Kistari: hakuna rufaa ya uharaka huo iliyopokelewa. Bado hazijapokelewa: zinazosubiri au zilizo njiani leo.',

  'dashboard.title': 'Viashiria vikuu, tarehe {start} hadi {end}',
  'dashboard.col.indicator': 'Kiashiria',
  'dashboard.note.leading':
    'Utambuzi unaoongoza: safu za MOH 705 zenye visa vipya vingi zaidi, makundi yote mawili ya umri (bila All other diseases); kistari pale ambapo safu zenye visa ni chini ya tano.',
  'dashboard.note.sources': 'Kila takwimu kama ripoti yake inavyoihesabu: Matumizi ya Vituo, Ukusanyaji wa Mapato, Uchambuzi wa Rufaa, Salio la Bidhaa, na ripoti za magonjwa.',

  'trends.title': 'Mwezi kwa mwezi',
  'trends.col.month': 'Mwezi',
  'trends.col.days': 'Siku zilizohesabiwa',
  'trends.note.months': 'Miezi ya kaunti ya kipindi cha tarehe {start} hadi {end}, isiyozidi {months} ya mwisho.',
  'trends.note.monthsPartial':
    'Miezi ya kaunti ya kipindi cha tarehe {start} hadi {end}, isiyozidi {months} ya mwisho. Ni sehemu tu ya {partial} iliyo ndani ya kipindi: linganisha mwezi kama huo kwa takwimu zake kwa kila siku iliyohesabiwa.',
  'trends.partialMonth': '{month} ({first} hadi {last})',
  'trends.note.referrals': 'Rufaa zilizotoka: zilizotolewa kutoka vituo hivi katika mwezi huo, bila kujali kilichozipata baadaye.',

  'comparative.title': 'Ulinganisho wa vituo, tarehe {start} hadi {end}',
  'comparative.col.leading': 'Utambuzi unaoongoza',
  'comparative.col.leadingCases': 'Visa vyake vipya',
  'comparative.note.leading':
    'Utambuzi unaoongoza: safu ya MOH 705 yenye visa vipya vingi zaidi katika kituo, makundi yote mawili ya umri (bila All other diseases); kistari pale ambapo hakuna kisa kipya chenye msimbo kilichoonekana. Wagonjwa walioonwa: kila mmoja mara moja katika kituo ("All facilities", vituo vyote: mara moja katika vituo vyote).',
};

/** The analyses' words in each language. */
export const REPORT_WORDS: Record<Language, Readonly<Record<WordKey, string>>> = { en: EN, sw: SW };

/** The placeholders of a wording: 'from {start} to {end}' → 'start' | 'end'. */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** A phrase of the dictionary: its key and, when its words have placeholders, a fact for each (checked by the compiler). */
export function say<K extends WordKey>(key: K, ...facts: [Placeholders<En[K]>] extends [never] ? [] : [Record<Placeholders<En[K]>, ReportFact>]): ReportPhrase {
  return facts[0] ? { key, facts: facts[0] } : { key };
}

/** A word the data gives, kept as it is in every language (a week, a MOH 705 row's label). */
export const asRecorded = (text: string): ReportPhrase => say('asRecorded', { text });

/** Phrases worded one after another, joined by a word of the dictionary (' and ', '; '). */
export const listOf = (list: ReportPhrase[], join: 'join.and' | 'join.semicolon'): ReportFact => ({ list, join });

/** The placeholders of a wording, for the test that both languages have the same. */
export const placeholdersOf = (words: string): string[] => [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;

/** A county date or month in a language's date style: English as the reports always wrote it, Kiswahili in words. */
function dateWords(text: string, lang: Language): string {
  if (lang === 'en') return text;
  if (ISO_DATE.test(text)) return documentDate(text, lang);
  if (ISO_MONTH.test(text)) return documentDate(`${text}-01`, lang).replace(/^\d+\s/, '');
  return text;
}

/** Thrown for a phrase the dictionary does not know (a report stored with a key since removed): its English stands. */
class UnknownPhrase extends Error {}

function factWords(fact: ReportFact, lang: Language): string {
  if (typeof fact === 'number') return String(fact);
  if (typeof fact === 'string') return dateWords(fact, lang);
  if ('list' in fact) return fact.list.map((p) => phraseWords(p, lang)).join(REPORT_WORDS[lang][fact.join as WordKey] ?? ', ');
  return phraseWords(fact, lang);
}

/** A phrase in a language. */
export function phraseWords(phrase: ReportPhrase, lang: Language): string {
  const words = (REPORT_WORDS[lang] as Record<string, string | undefined>)[phrase.key];
  if (words === undefined) throw new UnknownPhrase(phrase.key);
  return words.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const fact = phrase.facts?.[name];
    if (fact === undefined) throw new UnknownPhrase(`${phrase.key} {${name}}`);
    return factWords(fact, lang);
  });
}

/**
 * A section's title, column heads and note in a language, from its phrases. A section without phrases (a report
 * generated before them, a MOH form) or with one the dictionary does not know reads as it was stored, in English.
 */
export function wordSection(section: ReportSection, lang: Language): ReportSection {
  const text = section.text;
  if (!text || text.columns.length !== section.columns.length) return section;
  try {
    const notes = text.notes.map((n) => phraseWords(n, lang));
    return { ...section, title: phraseWords(text.title, lang), columns: text.columns.map((c) => phraseWords(c, lang)), note: notes.length > 0 ? notes.join('\n') : null };
  } catch (error) {
    if (error instanceof UnknownPhrase) return section;
    throw error;
  }
}

/** A report's sections in a language (the download's JSON, CSV and PDF); English is the report as stored. */
export function wordReport<T extends Pick<ReportData, 'sections'>>(data: T, lang: Language): T {
  return lang === 'en' ? data : { ...data, sections: data.sections.map((s) => wordSection(s, lang)) };
}
