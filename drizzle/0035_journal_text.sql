ALTER TABLE "journals" ADD COLUMN "text_kind" text;--> statement-breakpoint
ALTER TABLE "journals" ADD COLUMN "text_facts" jsonb;--> statement-breakpoint
-- Journals posted before kinds existed (issue 29 item 5): their English sentences are read back into kinds and
-- facts, so a Kiswahili reader sees them in Kiswahili too. A sentence that does not read as its event's keeps only
-- its description. Posted journals never change (journals_immutable): the trigger steps aside for this statement
-- alone, which adds the columns' values and changes nothing a journal already said (nor its lines: the balance
-- check, which would read every journal's lines again at commit, steps aside too).
ALTER TABLE "journals" DISABLE TRIGGER journals_immutable;
--> statement-breakpoint
ALTER TABLE "journals" DISABLE TRIGGER journals_balanced;
--> statement-breakpoint
UPDATE journals j SET text_kind = x.kind, text_facts = x.facts
FROM (
  SELECT id, 'invoice' AS kind, jsonb_build_object('invoice', m[1], 'service', m[2]) AS facts
    FROM (SELECT id, regexp_match(description, '^Invoice (.+) \(([a-z_]+)\)$') AS m FROM journals WHERE source_type = 'invoice' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'payment', jsonb_build_object('method', CASE m[1] WHEN 'M-Pesa' THEN 'mpesa' WHEN 'Card' THEN 'card' ELSE 'cash' END, 'invoice', m[2])
    FROM (SELECT id, regexp_match(description, '^(M-Pesa|Card|Cash) payment for invoice (.+)$') AS m FROM journals WHERE source_type = 'payment' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'claim', jsonb_build_object('claim', m[1], 'status', m[2], 'invoice', m[3])
    FROM (SELECT id, regexp_match(description, '^Claim (\S+) ([a-z_]+) \(invoice (.+)\)$') AS m FROM journals WHERE source_type = 'claim' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'waiver', jsonb_build_object('invoice', m[1])
    FROM (SELECT id, regexp_match(description, '^Waiver on invoice (.+)$') AS m FROM journals WHERE source_type = 'waiver' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'stock', jsonb_build_object('movement', CASE m[1] WHEN 'Opening stock' THEN 'opening' WHEN 'Stock received' THEN 'received' WHEN 'Stock issued' THEN 'issued' WHEN 'Stock adjusted' THEN 'adjusted' ELSE 'written_off' END, 'quantity', m[2]::bigint, 'unit', m[3], 'item', m[4])
    FROM (SELECT id, regexp_match(description, '^(Opening stock|Stock received|Stock issued|Stock adjusted|Stock written off): ([0-9]{1,15}) ([a-z_]+) (.+)$') AS m FROM journals WHERE source_type = 'stock' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'reversal', jsonb_build_object('journal', m[1], 'reason', m[2])
    FROM (SELECT id, regexp_match(description, '^Reversal of (\S+): (.*)$') AS m FROM journals WHERE source_type = 'reversal' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'year_close', jsonb_build_object('year', m[1])
    FROM (SELECT id, regexp_match(description, '^Year-end close (\S+): revenue and expense to accumulated surplus$') AS m FROM journals WHERE source_type = 'year_close' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, CASE m[1] WHEN 'Bank charges' THEN 'bank_charges' ELSE 'interest' END, jsonb_build_object('statement', m[2], 'line', m[3]::int, 'text', m[4])
    FROM (SELECT id, regexp_match(description, '^(Bank charges|Interest) on statement (.+?), line ([0-9]{1,9}): (.*)$') AS m FROM journals WHERE source_type = 'reconciliation' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'payroll', jsonb_build_object('period', m[1], 'scope', CASE WHEN m[2] = 'the county' THEN 'county' WHEN m[2] LIKE '% sub-county' THEN 'subcounty' ELSE 'facility' END,
      'place', CASE WHEN m[2] = 'the county' THEN '' WHEN m[2] LIKE '% sub-county' THEN left(m[2], -length(' sub-county')) ELSE m[2] END, 'employees', m[3]::int)
    FROM (SELECT id, regexp_match(description, '^Payroll ([0-9]{4}-[0-9]{2}), (.+): ([0-9]{1,9}) employees$') AS m FROM journals WHERE source_type = 'payroll' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'payroll_net', jsonb_build_object('period', m[1], 'run', m[2]::int, 'reference', m[3])
    FROM (SELECT id, regexp_match(description, '^Net pay ([0-9]{4}-[0-9]{2}), pay run ([0-9]{1,9}): paid \((.*)\)$') AS m FROM journals WHERE source_type = 'manual' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'payroll_remittance', jsonb_build_object('remittance', lower(m[1]), 'period', m[2], 'reference', m[3])
    FROM (SELECT id, regexp_match(description, '^(PAYE|SHIF|NSSF|AHL|HELB|PENSION) for ([0-9]{4}-[0-9]{2}): remitted \((.*)\)$') AS m FROM journals WHERE source_type = 'manual' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'goods_received', jsonb_build_object('grn', m[1], 'order', CASE WHEN m[2] ~ '^order [0-9]{1,9}$' THEN to_jsonb(substring(m[2] from 7)::int) ELSE to_jsonb(m[2]) END, 'supplier', m[3])
    FROM (SELECT id, regexp_match(description, '^Goods received (\S+) on (.+?) from (.+)$') AS m FROM journals WHERE source_type = 'goods_received' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'donation', jsonb_build_object('grn', m[1], 'donor', m[2])
    FROM (SELECT id, regexp_match(description, '^Donation in kind (\S+) from (.+)$') AS m FROM journals WHERE source_type = 'goods_received' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'supplier_invoice', jsonb_build_object('invoice', m[1], 'order', CASE WHEN m[2] ~ '^order [0-9]{1,9}$' THEN to_jsonb(substring(m[2] from 7)::int) ELSE to_jsonb(m[2]) END)
    FROM (SELECT id, regexp_match(description, '^Supplier invoice (\S+) on (.+) matched$') AS m FROM journals WHERE source_type = 'supplier_invoice' AND text_kind IS NULL) r WHERE m IS NOT NULL
  UNION ALL
  SELECT id, 'supplier_payment', jsonb_build_object('voucher', m[1], 'invoices', m[2])
    FROM (SELECT id, regexp_match(description, '^Payment voucher (\S+): (.*)$') AS m FROM journals WHERE source_type = 'supplier_payment' AND text_kind IS NULL) r WHERE m IS NOT NULL
) x
WHERE j.id = x.id;
--> statement-breakpoint
ALTER TABLE "journals" ENABLE TRIGGER journals_immutable;
--> statement-breakpoint
ALTER TABLE "journals" ENABLE TRIGGER journals_balanced;
