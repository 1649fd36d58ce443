ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "approved_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "claims_approved_amount_check" CHECK ("insurance_claims"."approved_amount" is null or ("insurance_claims"."approved_amount" > 0 and "insurance_claims"."approved_amount" <= "insurance_claims"."amount"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('processing', 'succeeded', 'failed', 'review'));--> statement-breakpoint
-- Hand-written backfill: a claim approved before approved amounts were kept was approved in full (the only
-- approval there was), so its approved amount is what it claimed.
UPDATE "insurance_claims" SET "approved_amount" = "amount" WHERE "status" = 'approved' AND "approved_amount" IS NULL;
