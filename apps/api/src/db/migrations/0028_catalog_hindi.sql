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
ALTER TABLE "products" ADD COLUMN "description_hi" text;--> statement-breakpoint
-- The starting set of search synonyms (docs/behaviour.md "Search synonyms"), Hindi and Hinglish
-- words shoppers type, each one way; the admin edits them (docs/admin.md "Search synonyms").
INSERT INTO "search_synonyms" ("term", "equivalents") VALUES
	('कुर्ता', ARRAY['kurta', 'kurti']),
	('कुर्ते', ARRAY['kurta', 'kurti']),
	('कुर्ती', ARRAY['kurti', 'kurta']),
	('कुर्तियाँ', ARRAY['kurti']),
	('kurta', ARRAY['kurti', 'कुर्ता']),
	('kurti', ARRAY['kurta', 'कुर्ती']),
	('साड़ी', ARRAY['saree']),
	('साड़ियाँ', ARRAY['saree']),
	('sari', ARRAY['saree']),
	('saris', ARRAY['saree']),
	('saree', ARRAY['sari', 'साड़ी']),
	('लहंगा', ARRAY['lehenga choli']),
	('lehenga', ARRAY['lehenga choli']),
	('lehnga', ARRAY['lehenga choli']),
	('chappal', ARRAY['flip flops', 'sandals', 'slippers']),
	('chappals', ARRAY['flip flops', 'sandals', 'slippers']),
	('चप्पल', ARRAY['flip flops', 'sandals', 'slippers']),
	('jutti', ARRAY['juttis', 'mojari', 'ethnic footwear']),
	('juttis', ARRAY['jutti', 'mojari', 'ethnic footwear']),
	('juti', ARRAY['jutti', 'mojari', 'ethnic footwear']),
	('mojari', ARRAY['jutti', 'ethnic footwear']),
	('जूती', ARRAY['jutti', 'mojari', 'ethnic footwear']),
	('जूतियाँ', ARRAY['jutti', 'mojari', 'ethnic footwear']),
	('जूते', ARRAY['shoes']),
	('joote', ARRAY['shoes']),
	('सलवार', ARRAY['salwar']),
	('दुपट्टा', ARRAY['dupatta']),
	('जींस', ARRAY['jeans']),
	('कमीज़', ARRAY['shirt']),
	('शर्ट', ARRAY['shirt']),
	('टीशर्ट', ARRAY['tshirt']),
	('घड़ी', ARRAY['watch']),
	('ghadi', ARRAY['watch']),
	('चश्मा', ARRAY['sunglasses']),
	('बैग', ARRAY['bag'])
ON CONFLICT ("term") DO NOTHING;
