ALTER TABLE "sessions" ADD COLUMN "via_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_email_ip_idx" ON "login_attempts" USING btree ("email","ip","id");