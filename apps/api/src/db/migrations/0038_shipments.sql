CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'booking' NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier_id" integer,
	"courier_name" text,
	"awb" text,
	"tracking_url" text,
	"label_file" text,
	"manifest_file" text,
	"pickup_scheduled_for" text,
	"pickup_token" text,
	"last_error" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_unique" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_label_file_idx" ON "shipments" USING btree ("label_file");--> statement-breakpoint
CREATE INDEX "shipments_manifest_file_idx" ON "shipments" USING btree ("manifest_file");