ALTER TABLE "patients" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_client_id_key" ON "patients" USING btree ("client_id");