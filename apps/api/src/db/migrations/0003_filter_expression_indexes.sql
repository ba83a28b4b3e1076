DROP INDEX "products_brand_idx";--> statement-breakpoint
DROP INDEX "products_color_idx";--> statement-breakpoint
CREATE INDEX "products_brand_lower_idx" ON "products" USING btree (lower("brand"));--> statement-breakpoint
CREATE INDEX "products_color_lower_idx" ON "products" USING btree (lower("color"));