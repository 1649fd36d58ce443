-- Passkey sign-in challenges are counted per address (issue 25 finding 4): each keeps the address (an IPv6 client's
-- /64) it was made for, so one address flooding login/options is refused long before it fills the store for all.
ALTER TABLE "webauthn_challenges" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "webauthn_challenges_address_idx" ON "webauthn_challenges" USING btree ("address","expires_at");