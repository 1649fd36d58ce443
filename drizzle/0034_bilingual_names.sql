ALTER TABLE "accounts" ADD COLUMN "name_sw" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "description_sw" text;--> statement-breakpoint
ALTER TABLE "appointment_services" ADD COLUMN "name_sw" text;--> statement-breakpoint
-- The starter chart's names in Kiswahili (issue 29 item 5), in the words the Kiswahili statements already use (Mali,
-- Madeni, Mali halisi, Mapato, Matumizi, Wadaiwa, Wadai, Bidhaa za akiba, Fedha taslimu na zinazolingana nazo).
-- Data only, editable on the Chart of Accounts tab: a name is written where the account has none in Kiswahili and
-- still carries its starter English name, so an account the county renamed waits for the county's own words.
UPDATE accounts SET name_sw = v.name_sw
FROM (VALUES
  ('1000', 'Assets', 'Mali'),
  ('1100', 'Cash and cash equivalents', 'Fedha taslimu na zinazolingana nazo'),
  ('1110', 'Bank – county health operating account', 'Benki – akaunti ya uendeshaji ya afya ya kaunti'),
  ('1120', 'Bank – FIF collection account', 'Benki – akaunti ya makusanyo ya FIF'),
  ('1130', 'M-Pesa paybill / till clearing', 'M-Pesa paybill / till – akaunti ya mpito'),
  ('1135', 'Card settlement clearing', 'Malipo ya kadi – akaunti ya mpito'),
  ('1140', 'Cash on hand (cashier floats)', 'Fedha taslimu mkononi (akiba za makeshia)'),
  ('1200', 'Receivables', 'Wadaiwa'),
  ('1210', 'SHA – SHIF claims receivable', 'SHA – madai ya SHIF yanayodaiwa'),
  ('1211', 'SHA – primary health care capitation receivable', 'SHA – malipo ya kila mtu ya huduma ya afya ya msingi yanayodaiwa'),
  ('1212', 'SHA – approved claims awaiting payment', 'SHA – madai yaliyoidhinishwa yanayosubiri malipo'),
  ('1215', 'NHIF legacy receivable', 'Deni la zamani la NHIF linalodaiwa'),
  ('1220', 'Other insurers receivable', 'Bima nyingine – madai yanayodaiwa'),
  ('1222', 'Other insurers – approved claims awaiting payment', 'Bima nyingine – madai yaliyoidhinishwa yanayosubiri malipo'),
  ('1230', 'Patient debtors', 'Wagonjwa wadaiwa'),
  ('1300', 'Inventories', 'Bidhaa za akiba'),
  ('1310', 'Inventory – pharmaceuticals', 'Bidhaa za akiba – dawa'),
  ('1311', 'Inventory – non-pharmaceuticals and laboratory', 'Bidhaa za akiba – vifaa visivyo dawa na vya maabara'),
  ('1312', 'Inventory – programme commodities (donated)', 'Bidhaa za akiba – bidhaa za programu (za msaada)'),
  ('2000', 'Liabilities', 'Madeni'),
  ('2100', 'Payables', 'Wadai'),
  ('2110', 'Accounts payable – suppliers (pending bills)', 'Wadai – wasambazaji (bili zinazosubiri kulipwa)'),
  ('2115', 'Goods received not invoiced', 'Bidhaa zilizopokelewa bila ankara'),
  ('2130', 'Patient deposits', 'Amana za wagonjwa'),
  ('2200', 'Statutory deductions and salaries payable', 'Makato ya kisheria na mishahara inayodaiwa'),
  ('2210', 'PAYE payable', 'Kodi ya PAYE inayodaiwa'),
  ('2211', 'SHIF payable', 'Michango ya SHIF inayodaiwa'),
  ('2212', 'Affordable Housing Levy payable', 'Ushuru wa Nyumba Nafuu unaodaiwa'),
  ('2213', 'NSSF payable', 'Michango ya NSSF inayodaiwa'),
  ('2214', 'Pension payable', 'Michango ya pensheni inayodaiwa'),
  ('2215', 'HELB loan repayments payable', 'Marejesho ya mkopo wa HELB yanayodaiwa'),
  ('2216', 'Third-party deductions payable (SACCO, bank, union, insurer)', 'Makato ya wahusika wengine yanayodaiwa (SACCO, benki, chama cha wafanyakazi, bima)'),
  ('2220', 'Net salaries payable', 'Mishahara halisi inayodaiwa'),
  ('3000', 'Net assets', 'Mali halisi'),
  ('3100', 'Accumulated surplus / deficit', 'Ziada / upungufu uliolimbikizwa'),
  ('4000', 'Revenue', 'Mapato'),
  ('4100', 'FIF user fees', 'Ada za watumiaji za FIF'),
  ('4110', 'FIF user fees – outpatient (consultation, laboratory, radiology, pharmacy)', 'Ada za FIF – wagonjwa wa nje (mashauriano, maabara, radiolojia, famasia)'),
  ('4120', 'FIF user fees – inpatient, maternity, theatre, emergency', 'Ada za FIF – wagonjwa waliolazwa, wazazi, upasuaji, dharura'),
  ('4200', 'Social health insurance and other insurance', 'Bima ya afya ya jamii na bima nyingine'),
  ('4210', 'SHA – SHIF claims revenue', 'SHA – mapato ya madai ya SHIF'),
  ('4220', 'SHA – primary health care capitation', 'SHA – malipo ya kila mtu ya huduma ya afya ya msingi'),
  ('4230', 'Other insurance revenue', 'Mapato ya bima nyingine'),
  ('4300', 'Transfers and grants', 'Uhamisho na ruzuku'),
  ('4310', 'Transfers from the County Treasury', 'Uhamisho kutoka Hazina ya Kaunti'),
  ('4320', 'Conditional grants and donor funds', 'Ruzuku zenye masharti na fedha za wafadhili'),
  ('4330', 'Donations in kind (programme commodities)', 'Misaada ya vitu (bidhaa za programu)'),
  ('4400', 'Other revenue', 'Mapato mengine'),
  ('4410', 'Interest on bank deposits', 'Riba ya amana za benki'),
  ('5000', 'Expenses', 'Matumizi'),
  ('5100', 'Compensation of employees', 'Malipo ya wafanyakazi'),
  ('5110', 'Basic salaries – permanent', 'Mishahara ya msingi – wa kudumu'),
  ('5111', 'Wages – casuals and locums', 'Ujira – vibarua na madaktari wa muda'),
  ('5112', 'Personal allowances', 'Marupurupu ya wafanyakazi'),
  ('5120', 'Employer NSSF', 'Mchango wa mwajiri wa NSSF'),
  ('5121', 'Employer pension', 'Mchango wa mwajiri wa pensheni'),
  ('5122', 'Employer housing levy', 'Ushuru wa nyumba wa mwajiri'),
  ('5200', 'Use of goods and services', 'Matumizi ya bidhaa na huduma'),
  ('5210', 'Electricity and water', 'Umeme na maji'),
  ('5220', 'Telephone and internet', 'Simu na intaneti'),
  ('5240', 'Office and cleaning supplies', 'Vifaa vya ofisi na vya usafi'),
  ('5250', 'Medical drugs consumed', 'Dawa zilizotumika'),
  ('5251', 'Non-pharmaceuticals consumed', 'Vifaa visivyo dawa vilivyotumika'),
  ('5252', 'Laboratory reagents consumed', 'Vitendanishi vya maabara vilivyotumika'),
  ('5260', 'Maintenance – equipment and buildings', 'Matengenezo – vifaa na majengo'),
  ('5270', 'Bank charges and commissions', 'Ada na kamisheni za benki'),
  ('5300', 'Other expenses', 'Matumizi mengine'),
  ('5310', 'Waivers and exemptions', 'Misamaha na nafuu za malipo'),
  ('5320', 'Impairment of receivables (SHA rejections, NHIF legacy)', 'Upungufu wa thamani ya wadaiwa (madai ya SHA yaliyokataliwa, deni la zamani la NHIF)'),
  ('5900', 'Rounding differences', 'Tofauti za ukadiriaji')
) AS v(code, name, name_sw)
WHERE accounts.code = v.code AND accounts.name = v.name AND accounts.name_sw IS NULL;
--> statement-breakpoint
-- The starter appointment services' names in Kiswahili (shared/appointments DEFAULT_APPOINTMENT_SERVICES), on the
-- same terms: where a facility's service still carries its starter name and has no Kiswahili one.
UPDATE appointment_services SET name_sw = v.name_sw
FROM (VALUES
  ('opd', 'General OPD', 'OPD ya jumla'),
  ('anc', 'Antenatal Care (ANC)', 'Kliniki ya wajawazito (ANC)'),
  ('ccc', 'Comprehensive Care Clinic (CCC)', 'Kliniki ya huduma kamili (CCC)'),
  ('dental', 'Dental', 'Meno'),
  ('follow_up', 'Follow-up', 'Ufuatiliaji')
) AS v(code, name, name_sw)
WHERE appointment_services.code = v.code AND appointment_services.name = v.name AND appointment_services.name_sw IS NULL;
