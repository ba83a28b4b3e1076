ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "status" = 'draft' WHERE NOT "is_active";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "is_active";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "is_active" boolean GENERATED ALWAYS AS ("products"."status" = 'active') STORED NOT NULL;
