CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"period" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_period_pk" PRIMARY KEY("series","period")
);
--> statement-breakpoint
-- Gapless document numbers (src/server/core/numbering.ts). A database that already holds documents continues each
-- series after its highest number: invoices (INV), cash receipts (RCT) and claims (SHA, CLM), per year.
INSERT INTO "document_counters" ("series", "period", "last")
SELECT split_part(n, '-', 1), split_part(n, '-', 2), max(split_part(n, '-', 3)::int)
FROM (
  SELECT "invoice_number" AS n FROM "billing_records"
  UNION ALL SELECT "claim_number" FROM "insurance_claims"
  UNION ALL SELECT "gateway_reference" FROM "payments" WHERE "method" = 'cash' AND "gateway_reference" ~ '^RCT-[0-9]{4}-[0-9]+$'
) AS numbered
WHERE n ~ '^[A-Z]+-[0-9]{4}-[0-9]+$'
GROUP BY 1, 2;
