DROP INDEX "products_sizes_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes_in_stock" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_sizes_in_stock_idx" ON "products" USING gin ("sizes_in_stock");--> statement-breakpoint
-- Issue 29 point 10: a size filter means "available in that size". Existing products take
-- their sizes with stock, in the variants' order (as inventory.ts keeps them from now on).
UPDATE "products" p SET "sizes_in_stock" = ARRAY(
  SELECT v."size" FROM "variants" v WHERE v."product_id" = p."id" AND v."stock" > 0 ORDER BY v."position", v."sku");--> statement-breakpoint
-- The covering facet index of 0017 carries the sizes the facets count: now the sizes in stock.
DROP INDEX "products_color_gender_facets_idx";--> statement-breakpoint
CREATE INDEX "products_color_gender_facets_idx" ON "products" USING btree (lower("color"), "gender")
  INCLUDE ("id", "color", "brand", "sizes_in_stock", "category_id", "price_paise", "discount_percent", "created_at", "rating_average", "rating_count") WHERE "is_active";
