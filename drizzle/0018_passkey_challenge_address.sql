ALTER TABLE "webauthn_challenges" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_address_idx" ON "webauthn_challenges" USING btree ("address","expires_at");