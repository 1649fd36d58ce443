-- The GFS / IFMIS codes of the starter chart's balance-sheet, transfer and insurance accounts, and real codes for the
-- FIF user fees in place of the placeholder "142xxxx" (issue 29 item 3; domain/FINANCE.md, starter chart). Data
-- only: a code is written where the account has none or still holds a placeholder (an "x" in it), so a county's own
-- edits on the Chart of Accounts tab survive.
--
-- Every code here is an *(estimate)* for the county treasury to confirm — none was checked against a published
-- county chart — and is editable data, never a rule in code:
-- * revenue follows Kenya's GFS-based economic classification: 142 "Sale of goods and services" (FIF user fees,
--   and the SHA and insurers' payments for services rendered: 1420300, incidental sales by non-market
--   establishments), 133 grants from other levels of government (the County Treasury's releases), 132 grants from
--   international organisations (conditional grants, donor funds, donations in kind);
-- * balance-sheet accounts follow the GFS 2014 balance-sheet classification, extended to seven digits as Kenya's
--   chart extends GFS: 6202 currency and deposits, 6208 other accounts receivable, 6122 inventories, 6308 other
--   accounts payable;
-- * 5122 (employer housing levy) sits with the other employer social contributions (212).
-- Headings, accumulated surplus (3100), waivers (5310), impairment (5320) and rounding (5900) have no GFS item and
-- stay without one; so does 4410, interest earned, which 0032 left for the county to code.
UPDATE accounts SET gfs_code = v.gfs
FROM (VALUES
  ('1110', '6202101'),
  ('1120', '6202102'),
  ('1130', '6202103'),
  ('1135', '6202104'),
  ('1140', '6202105'),
  ('1210', '6208101'),
  ('1211', '6208102'),
  ('1212', '6208103'),
  ('1215', '6208104'),
  ('1220', '6208105'),
  ('1222', '6208106'),
  ('1230', '6208107'),
  ('1310', '6122101'),
  ('1311', '6122102'),
  ('1312', '6122103'),
  ('2110', '6308101'),
  ('2115', '6308102'),
  ('2130', '6308103'),
  ('2210', '6308201'),
  ('2211', '6308202'),
  ('2212', '6308203'),
  ('2213', '6308204'),
  ('2214', '6308205'),
  ('2215', '6308206'),
  ('2216', '6308207'),
  ('2220', '6308208'),
  ('4110', '1420301'),
  ('4120', '1420302'),
  ('4210', '1420303'),
  ('4220', '1420304'),
  ('4230', '1420305'),
  ('4310', '1330101'),
  ('4320', '1320101'),
  ('4330', '1320102'),
  ('5122', '2120104')
) AS v(code, gfs)
WHERE accounts.code = v.code AND (accounts.gfs_code IS NULL OR btrim(accounts.gfs_code) = '' OR accounts.gfs_code ILIKE '%x%');
