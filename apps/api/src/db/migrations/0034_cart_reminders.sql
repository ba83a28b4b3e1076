CREATE TABLE "cart_reminder_opt_outs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cart_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"mailed_at" timestamp with time zone,
	"ordered_at" timestamp with time zone,
	CONSTRAINT "cart_reminders_number_check" CHECK ("cart_reminders"."number" IN (1, 2))
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminder_opt_outs" ADD CONSTRAINT "cart_reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_cart_number_idx" ON "cart_reminders" USING btree ("cart_id","number");--> statement-breakpoint
CREATE INDEX "cart_reminders_mailed_idx" ON "cart_reminders" USING btree ("mailed_at");--> statement-breakpoint
CREATE INDEX "carts_user_updated_idx" ON "carts" USING btree ("updated_at") WHERE "carts"."is_active" AND "carts"."user_id" IS NOT NULL;