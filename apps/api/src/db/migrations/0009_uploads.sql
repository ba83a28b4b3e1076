CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");--> statement-breakpoint
-- Return files stored before the ledger existed count towards their owner's quota (their sizes were kept).
INSERT INTO "uploads" ("key", "user_id", "size_bytes") SELECT f."key", r."user_id", f."size_bytes" FROM "return_files" f JOIN "return_requests" r ON r."id" = f."return_request_id" ON CONFLICT DO NOTHING;
