CREATE TABLE "exchange_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exchange_request_id" uuid NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"new_variant_id" uuid NOT NULL,
	"new_sku" text NOT NULL,
	"new_size" text NOT NULL,
	"new_color" text NOT NULL,
	"old_unit_paise" integer NOT NULL,
	"new_unit_paise" integer NOT NULL,
	"difference_paise" integer NOT NULL,
	"settlement" text DEFAULT 'none' NOT NULL,
	"decision_note" text,
	"courier" text,
	"awb" text,
	"restocked" boolean,
	"credit_note_number" text,
	"invoice_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_requests_quantity_positive" CHECK ("exchange_requests"."quantity" > 0),
	CONSTRAINT "exchange_requests_difference" CHECK ("exchange_requests"."difference_paise" = ("exchange_requests"."new_unit_paise" - "exchange_requests"."old_unit_paise") * "exchange_requests"."quantity")
);
--> statement-breakpoint
DROP INDEX "invoice_documents_order_invoice_idx";--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "exchange_request_id" uuid;--> statement-breakpoint
ALTER TABLE "exchange_files" ADD CONSTRAINT "exchange_files_exchange_request_id_exchange_requests_id_fk" FOREIGN KEY ("exchange_request_id") REFERENCES "public"."exchange_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_new_variant_id_variants_id_fk" FOREIGN KEY ("new_variant_id") REFERENCES "public"."variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_files_request_idx" ON "exchange_files" USING btree ("exchange_request_id","position");--> statement-breakpoint
CREATE INDEX "exchange_requests_user_idx" ON "exchange_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exchange_requests_order_idx" ON "exchange_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_requests_queue_idx" ON "exchange_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_requests_open_idx" ON "exchange_requests" USING btree ("order_item_id") WHERE "exchange_requests"."status" IN ('requested', 'approved', 'picked_up', 'shipped');--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_exchange_idx" ON "invoice_documents" USING btree ("kind","exchange_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_order_invoice_idx" ON "invoice_documents" USING btree ("order_id") WHERE "invoice_documents"."kind" = 'invoice' AND "invoice_documents"."exchange_request_id" IS NULL;