ALTER TABLE "stock_movements" ADD COLUMN "booked_by" text;--> statement-breakpoint
-- Receipts procurement made before the column existed (issue 30 item 3): a delivery's or donation's accepted lines
-- went into stock as 'received' movements named by the GRN, into the batch the delivery line records, and the GRN's
-- journal booked them. Marked so the ledger backfill never books them a second time.
UPDATE stock_movements m SET booked_by = 'goods_received'
FROM procurement_delivery_items di
JOIN procurement_deliveries d ON d.id = di.delivery_id
WHERE m.kind = 'received' AND m.booked_by IS NULL AND m.batch_id = di.batch_id AND m.reason = d.number;
