ALTER TABLE "invoice_documents" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Cash on delivery orders delivered before this change: the cash was collected on delivery.
UPDATE "orders" SET "payment_status" = 'completed', "paid_at" = "delivered_at"
WHERE "payment_gateway" = 'cod' AND "payment_status" = 'pending' AND "delivered_at" IS NOT NULL;--> statement-breakpoint
-- Orders paid before: when their payment completed at the gateway, else (a gift card paid all) when placed.
UPDATE "orders" SET "paid_at" = COALESCE(
  (SELECT min("payments"."updated_at") FROM "payments"
   WHERE "payments"."order_id" = "orders"."id" AND "payments"."status" = 'completed'),
  "delivered_at", "created_at")
WHERE "payment_status" = 'completed' AND "paid_at" IS NULL;
