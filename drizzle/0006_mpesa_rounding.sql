-- M-Pesa takes whole shillings (issue 10, docs/decisions/0008-money.md): a push is rounded up from what is due,
-- and the difference (what was pushed minus what was due) is kept on the payment instead of being lost.
-- Null for cash and card, which take the amount due to the cent.
ALTER TABLE "payments" ADD COLUMN "rounding" numeric(12, 2);
