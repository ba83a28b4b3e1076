ALTER TABLE "order_items" ADD COLUMN "tax_rule" jsonb;--> statement-breakpoint
-- GST by the law (behaviour.md §4 "GST rates out of the box"; the rows of
-- packages/contracts/src/gst-law.ts): Notification No. 9/2025-Central Tax (Rate), in force from
-- 22 September 2025. Written only where the rate table still holds nothing but the flat 18 %
-- of 0006 (a fresh store, or one whose owner never set rates): an owner's own rates stay.
-- One statement, so the test and both writes see the same table.
WITH untouched AS (
  SELECT 1 FROM tax_rates HAVING count(*) = 1 AND bool_and(hsn_prefix IS NULL AND category_id IS NULL
    AND min_unit_paise = 0 AND max_unit_paise IS NULL AND rate_basis_points = 1800)
), renamed AS (
  UPDATE tax_rates SET description = 'GST 18 %, the India region’s rate, for any product without a rule of its own'
  WHERE EXISTS (SELECT 1 FROM untouched) RETURNING id
)
INSERT INTO tax_rates (hsn_prefix, min_unit_paise, max_unit_paise, rate_basis_points, description)
SELECT v.* FROM (VALUES
  ('61', 0, 250000, 500, 'Apparel, knitted or crocheted (chapter 61)'),
  ('61', 250001, NULL, 1800, 'Apparel, knitted or crocheted (chapter 61)'),
  ('62', 0, 250000, 500, 'Apparel, not knitted or crocheted (chapter 62)'),
  ('62', 250001, NULL, 1800, 'Apparel, not knitted or crocheted (chapter 62)'),
  ('63', 0, 250000, 500, 'Made-up textile articles: cushion covers, linen (chapter 63)'),
  ('63', 250001, NULL, 1800, 'Made-up textile articles: cushion covers, linen (chapter 63)'),
  ('64', 0, 250000, 500, 'Footwear, per pair (chapter 64)'),
  ('64', 250001, NULL, 1800, 'Footwear, per pair (chapter 64)'),
  ('6406', 0, NULL, 1800, 'Parts of footwear: laces, insoles (heading 6406)'),
  ('6505', 0, 250000, 500, 'Caps and hats, knitted or of textile (heading 6505)'),
  ('6505', 250001, NULL, 1800, 'Caps and hats, knitted or of textile (heading 6505)'),
  ('5407', 0, NULL, 500, 'Woven fabrics of synthetic filament yarn: sarees (heading 5407)'),
  ('4202', 0, NULL, 1800, 'Bags, handbags and wallets (heading 4202)'),
  ('42022220', 0, NULL, 500, 'Handbags and shopping bags of cotton'),
  ('42022230', 0, NULL, 500, 'Handbags and shopping bags of jute'),
  ('4203', 0, NULL, 1800, 'Belts and clothing accessories of leather (heading 4203)'),
  ('7113', 0, NULL, 300, 'Jewellery of precious metal (heading 7113)'),
  ('7117', 0, NULL, 300, 'Imitation jewellery, cufflinks (heading 7117)'),
  ('9101', 0, NULL, 1800, 'Watches with a case of precious metal (heading 9101)'),
  ('9102', 0, NULL, 1800, 'Wrist watches (heading 9102)'),
  ('9004', 0, NULL, 1800, 'Sunglasses and goggles (heading 9004)'),
  ('6601', 0, NULL, 500, 'Umbrellas (heading 6601)'),
  ('9615', 0, NULL, 500, 'Combs, hair clips and hair accessories (heading 9615)'),
  ('9506', 0, NULL, 500, 'Sports goods (heading 9506)'),
  ('3303', 0, NULL, 1800, 'Perfumes and body mists (heading 3303)'),
  ('3304', 0, NULL, 1800, 'Beauty and make-up preparations (heading 3304)'),
  ('330491', 0, NULL, 500, 'Talcum and face powder (3304 91)'),
  ('3305', 0, NULL, 1800, 'Hair preparations: hair colour (heading 3305)'),
  ('330510', 0, NULL, 500, 'Shampoo (3305 10)'),
  ('3307', 0, NULL, 1800, 'Deodorants and other toilet preparations (heading 3307)'),
  ('330710', 0, NULL, 500, 'Shaving cream and after-shave (3307 10)'),
  ('3401', 0, NULL, 1800, 'Face wash and body wash, liquid (heading 3401)'),
  ('340111', 0, NULL, 500, 'Toilet soap in bars (3401 11)')
) AS v(hsn_prefix, min_unit_paise, max_unit_paise, rate_basis_points, description)
WHERE EXISTS (SELECT 1 FROM untouched);
