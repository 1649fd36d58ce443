ALTER TABLE "sessions" ADD COLUMN "device_key" "bytea";--> statement-breakpoint
ALTER TABLE "medical_records" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "medical_records_client_id_key" ON "medical_records" USING btree ("client_id");