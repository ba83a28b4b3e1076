CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" serial NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"return_request_id" uuid,
	"staff_id" uuid,
	"expires_at" timestamp with time zone,
	"related_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_sign" CHECK (("wallet_entries"."kind" IN ('credit', 'reversal') AND "wallet_entries"."amount_paise" > 0) OR ("wallet_entries"."kind" IN ('debit', 'expiry') AND "wallet_entries"."amount_paise" < 0))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_nonnegative";--> statement-breakpoint
ALTER TABLE "return_requests" DROP CONSTRAINT "return_requests_refund_split";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "wallet_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "wallet_refund_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "refund_to" text DEFAULT 'original' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_related_entry_id_wallet_entries_id_fk" FOREIGN KEY ("related_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_entries_user_idx" ON "wallet_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_entries_order_idx" ON "wallet_entries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wallet_entries_expiry_idx" ON "wallet_entries" USING btree ("expires_at") WHERE "wallet_entries"."expires_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_order_debit_idx" ON "wallet_entries" USING btree ("order_id") WHERE "wallet_entries"."kind" = 'debit' AND "wallet_entries"."source" = 'order';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_expiry_of_idx" ON "wallet_entries" USING btree ("related_entry_id") WHERE "wallet_entries"."kind" = 'expiry';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_nonnegative" CHECK ("orders"."total_paise" >= 0 AND "orders"."payable_paise" >= 0 AND "orders"."gift_card_paise" >= 0 AND "orders"."wallet_paise" >= 0);--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_refund_split" CHECK ("return_requests"."refund_paise" >= 0 AND "return_requests"."gift_card_refund_paise" >= 0 AND "return_requests"."wallet_refund_paise" >= 0 AND "return_requests"."gateway_refund_paise" >= 0 AND "return_requests"."gift_card_refund_paise" + "return_requests"."wallet_refund_paise" + "return_requests"."gateway_refund_paise" = "return_requests"."refund_paise");