CREATE TABLE "cod_remittance_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"line_count" integer NOT NULL,
	"new_line_count" integer NOT NULL,
	"remitted_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"line_key" text NOT NULL,
	"awb" text NOT NULL,
	"order_ref" text,
	"cod_paise" integer NOT NULL,
	"remitted_paise" integer NOT NULL,
	"remittance_date" text,
	"utr" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" uuid,
	"awb" text NOT NULL,
	"courier" text,
	"shipment_status" text NOT NULL,
	"shipment_status_id" integer,
	"mapped_status" text,
	"applied" boolean DEFAULT false NOT NULL,
	"activity" text,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"is_return" boolean DEFAULT false NOT NULL,
	"scans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndr_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"attempt_event_id" uuid NOT NULL,
	"awb" text NOT NULL,
	"action" text NOT NULL,
	"preferred_date" text,
	"phone" text,
	"comments" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_batch_id_cod_remittance_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."cod_remittance_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_requests" ADD CONSTRAINT "ndr_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_requests" ADD CONSTRAINT "ndr_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_requests" ADD CONSTRAINT "ndr_requests_attempt_event_id_courier_events_id_fk" FOREIGN KEY ("attempt_event_id") REFERENCES "public"."courier_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_batches_sha_idx" ON "cod_remittance_batches" USING btree ("file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_lines_key_idx" ON "cod_remittance_lines" USING btree ("line_key");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_awb_idx" ON "cod_remittance_lines" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_dedupe_idx" ON "courier_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "courier_events_order_idx" ON "courier_events" USING btree ("order_id","occurred_at");--> statement-breakpoint
CREATE INDEX "courier_events_awb_idx" ON "courier_events" USING btree ("awb","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ndr_requests_attempt_idx" ON "ndr_requests" USING btree ("attempt_event_id");--> statement-breakpoint
CREATE INDEX "ndr_requests_order_idx" ON "ndr_requests" USING btree ("order_id","created_at");