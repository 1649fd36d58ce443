-- County scale (issue 5).
-- * The newest-first indexes were built DESC NULLS LAST, which no ORDER BY … DESC (NULLS FIRST by default) can
--   walk: every newest-first list sorted the whole table. They are built again to match the queries; the
--   patients' two also carry search_text, so a search can walk them without reading the table.
-- * Patient search matches one lower-cased search_text through one trigram index, instead of three ILIKEs
--   through three indexes.
-- * patient_counts keeps the registry's totals by facility, gender and year of birth (below).
CREATE TABLE "patient_counts" (
	"facility_id" integer NOT NULL,
	"gender" text NOT NULL,
	"birth_year" smallint NOT NULL,
	"patients" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "patient_counts_facility_id_gender_birth_year_pk" PRIMARY KEY("facility_id","gender","birth_year")
);
--> statement-breakpoint
DROP INDEX "patients_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_last_name_trgm_idx";--> statement-breakpoint
DROP INDEX "patients_national_id_trgm_idx";--> statement-breakpoint
DROP INDEX "activities_created_idx";--> statement-breakpoint
DROP INDEX "audit_events_at_idx";--> statement-breakpoint
DROP INDEX "audit_events_user_idx";--> statement-breakpoint
DROP INDEX "billing_created_idx";--> statement-breakpoint
DROP INDEX "claims_status_idx";--> statement-breakpoint
DROP INDEX "medical_records_patient_idx";--> statement-breakpoint
DROP INDEX "patients_created_idx";--> statement-breakpoint
DROP INDEX "patients_facility_created_idx";--> statement-breakpoint
DROP INDEX "payments_billing_idx";--> statement-breakpoint
DROP INDEX "referrals_created_idx";--> statement-breakpoint
DROP INDEX "reports_generated_idx";--> statement-breakpoint
DROP INDEX "stock_movements_item_idx";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || national_id)) STORED;--> statement-breakpoint
ALTER TABLE "patient_counts" ADD CONSTRAINT "patient_counts_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_search_trgm_idx" ON "patients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_birth_date_idx" ON "patients" USING btree ("date_of_birth","facility_id");--> statement-breakpoint
CREATE INDEX "activities_created_idx" ON "activities" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "billing_created_idx" ON "billing_records" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "claims_status_idx" ON "insurance_claims" USING btree ("status","submitted_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "medical_records_patient_idx" ON "medical_records" USING btree ("patient_id","visit_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text");--> statement-breakpoint
CREATE INDEX "patients_facility_created_idx" ON "patients" USING btree ("facility_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text");--> statement-breakpoint
CREATE INDEX "payments_billing_idx" ON "payments" USING btree ("billing_record_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_created_idx" ON "referrals" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_generated_idx" ON "reports" USING btree ("generated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","at" DESC NULLS FIRST);
--> statement-breakpoint
-- County scale (issue 5): patient totals and demographics come from patient_counts, kept here in the same
-- transaction as every insert, delete or move of a patient, so they are always exact.
CREATE OR REPLACE FUNCTION patient_counts_add(f integer, g text, born date, delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO patient_counts (facility_id, gender, birth_year, patients)
  VALUES (f, g, extract(year FROM born)::smallint, delta)
  ON CONFLICT (facility_id, gender, birth_year) DO UPDATE SET patients = patient_counts.patients + excluded.patients;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION patient_counts_keep() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM patient_counts_add(OLD.facility_id, OLD.gender, OLD.date_of_birth, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM patient_counts_add(NEW.facility_id, NEW.gender, NEW.date_of_birth, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER patients_counted
  AFTER INSERT OR DELETE OR UPDATE OF facility_id, gender, date_of_birth ON patients
  FOR EACH ROW EXECUTE FUNCTION patient_counts_keep();
--> statement-breakpoint
INSERT INTO patient_counts (facility_id, gender, birth_year, patients)
SELECT facility_id, gender, extract(year FROM date_of_birth)::smallint, count(*)::integer
FROM patients GROUP BY 1, 2, 3;
