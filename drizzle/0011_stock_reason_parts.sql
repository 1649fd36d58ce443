ALTER TABLE "stock_movements" ALTER COLUMN "reason" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "supplier" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "batch" text;--> statement-breakpoint
-- Hand-written: lines recorded as "reason · Supplier: … · Batch: …" are split into their parts (the batch came
-- last), and the opening lines' English "Opening balance" gives way to their kind, which the client words.
UPDATE "stock_movements" SET "batch" = substring("reason" from ' · Batch: (.*)$'), "reason" = regexp_replace("reason", ' · Batch: .*$', '')
  WHERE "reason" LIKE '% · Batch: %';--> statement-breakpoint
UPDATE "stock_movements" SET "supplier" = substring("reason" from ' · Supplier: (.*)$'), "reason" = regexp_replace("reason", ' · Supplier: .*$', '')
  WHERE "reason" LIKE '% · Supplier: %';--> statement-breakpoint
UPDATE "stock_movements" SET "reason" = NULL WHERE "kind" = 'opening' AND "reason" = 'Opening balance';
