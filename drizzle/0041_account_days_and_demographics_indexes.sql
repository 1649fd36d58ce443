CREATE TABLE "account_days" (
	"day" date NOT NULL,
	"account_code" text NOT NULL,
	"facility_id" integer,
	"debit" numeric(18, 2) NOT NULL,
	"credit" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "medical_records_facility_visit_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "account_days_key" ON "account_days" USING btree ("day","account_code",coalesce("facility_id", 0));--> statement-breakpoint
CREATE INDEX "patients_demographics_idx" ON "patients" USING btree ("id","date_of_birth","gender","subcounty");--> statement-breakpoint
CREATE INDEX "medical_records_facility_visit_idx" ON "medical_records" USING btree ("facility_id","visit_date","patient_id");--> statement-breakpoint
-- What each account moved on each county day, per facility (issue 30: the dashboard's "Revenue Today" summed every
-- journal line of the day). Kept by the trigger that keeps account_balances, in the same statement; the year-end
-- close is left out (no revenue figure counts it).
CREATE OR REPLACE FUNCTION account_balances_post() RETURNS trigger AS $$
BEGIN
  INSERT INTO account_balances AS b (period, account_code, facility_id, fund, cost_centre, closing, debit, credit)
  SELECT date_trunc('month', n.date)::date, l.account_code, l.facility_id, l.fund, l.cost_centre, n.source_type = 'year_close', sum(l.debit), sum(l.credit)
  FROM new_journals n
  JOIN old_journals o ON o.id = n.id AND o.status = 'draft'
  JOIN journal_lines l ON l.journal_id = n.id
  WHERE n.status = 'posted'
  GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (period, account_code, (coalesce(facility_id, 0)), fund, cost_centre, closing)
  DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
  INSERT INTO account_days AS d (day, account_code, facility_id, debit, credit)
  SELECT n.date, l.account_code, l.facility_id, sum(l.debit), sum(l.credit)
  FROM new_journals n
  JOIN old_journals o ON o.id = n.id AND o.status = 'draft'
  JOIN journal_lines l ON l.journal_id = n.id
  WHERE n.status = 'posted' AND n.source_type IS DISTINCT FROM 'year_close'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, account_code, (coalesce(facility_id, 0)))
  DO UPDATE SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO account_days (day, account_code, facility_id, debit, credit)
SELECT j.date, l.account_code, l.facility_id, sum(l.debit), sum(l.credit)
FROM journals j JOIN journal_lines l ON l.journal_id = j.id
WHERE j.status = 'posted' AND j.source_type IS DISTINCT FROM 'year_close'
GROUP BY 1, 2, 3;
