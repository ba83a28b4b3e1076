CREATE SEQUENCE "public"."grievance_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"user_id" uuid,
	"order_id" uuid,
	"order_number" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'acknowledged' NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"resolution" text,
	"lodged_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grievances_number_idx" ON "grievances" USING btree ("number");--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" USING btree ("user_id","lodged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "grievances_queue_idx" ON "grievances" USING btree ("status","resolve_by");