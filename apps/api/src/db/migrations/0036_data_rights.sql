CREATE TABLE "inactivity_notices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retain_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inactivity_notices" ADD CONSTRAINT "inactivity_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inactivity_notices_due_idx" ON "inactivity_notices" USING btree ("erase_after");