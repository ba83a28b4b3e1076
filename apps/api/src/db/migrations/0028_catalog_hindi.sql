CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"equivalents" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_unique" UNIQUE("term")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "description_hi" text;--> statement-breakpoint
ALTER TABLE "homepage_sections" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "homepage_sections" ADD COLUMN "subtitle_hi" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_hi" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_hi" text;