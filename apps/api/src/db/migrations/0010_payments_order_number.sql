ALTER TABLE "payments" ADD COLUMN "order_number" text;--> statement-breakpoint
UPDATE "payments" SET "order_number" = "orders"."order_number" FROM "orders" WHERE "orders"."id" = "payments"."order_id";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_number" SET NOT NULL;
