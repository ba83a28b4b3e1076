/**
 * The pricing properties' store (modules/pricing/*.property.test.ts): ten products with stock
 * enough for any number of orders, a slab rule, a category rule and four coupons of different
 * rules, and the random carts they price. Shared so the end-to-end property (HTTP, orders,
 * commerce carts) and the model property (the pricing service against an independent model)
 * price the same carts of the same store.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { queryRows, type Db } from '../db/client';
import { pickProducts, type TestProduct } from './catalog';

/** A random cart: lines (product 0–9, size 0–1, 1–3 pieces), a coupon, a gift card (paise), the ship-to state. */
export type Cart = {
  lines: { product: number; variant: number; quantity: number }[];
  coupon: string | null;
  giftCardPaise: number | null;
  interState: boolean;
};

export const COUPONS = ['PROPPCT', 'PROPFIX', 'PROPCAT', 'PROPITEM'];
/** The coupons a commerce API cart takes: those without shopper, category or product rules. */
export const STORE_COUPONS = new Set(['PROPPCT', 'PROPFIX']);

export const cartArb = fc.record({
  lines: fc.uniqueArray(
    fc.record({ product: fc.nat(9), variant: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 4, selector: (l) => `${l.product}:${l.variant}` },
  ),
  coupon: fc.option(fc.constantFrom(...COUPONS), { nil: null }),
  giftCardPaise: fc.option(fc.integer({ min: 100, max: 400_000 }), { nil: null }),
  interState: fc.boolean(),
});

/** A product of the pricing store, with what its GST and coupon rules look at. */
export type PricedProduct = TestProduct & { hsnCode: string; categoryId: string };

/** What `seedPricingStore` made: the products and the rules' keys. */
export type PricingStore = {
  products: PricedProduct[];
  /** HSN prefix of the slab rule: 5 % up to ₹1,000 a piece (without GST), 12 % above. */
  slabPrefix: string;
  /** Category of the category rule (12 %). */
  rateCategoryId: string;
  /** The one category PROPCAT (20 % off) takes. */
  couponCategoryId: string;
  /** The two products PROPITEM (15 % off from ₹500, up to ₹500 off) takes. */
  couponProductIds: string[];
};

/**
 * Picks ten products, gives their sizes stock for any number of orders, and adds beside the
 * rules of the law a store starts with (GST_LAW_RULES): a slab rule on the first product's HSN
 * prefix, a category rule on the second's category, and the coupons PROPPCT (12 % off up to
 * ₹150), PROPFIX (₹200 off ₹1,000), PROPCAT (20 % off the third's category) and PROPITEM
 * (15 % off the fourth and fifth products from ₹500, up to ₹500 off).
 */
export async function seedPricingStore(db: Db): Promise<PricingStore> {
  const picked = await pickProducts(db, 10);
  const ids = picked.map((pr) => pr.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await db.execute(sql`UPDATE variants SET stock = 1000000 WHERE product_id IN (${idList})`);
  const rows = await queryRows<{ id: string; hsn_code: string; category_id: string }>(
    db,
    sql`SELECT id, hsn_code, category_id FROM products WHERE id IN (${idList})`,
  );
  const products = picked.map((pr) => {
    const row = rows.find((r) => r.id === pr.id)!;
    return { ...pr, hsnCode: row.hsn_code, categoryId: row.category_id };
  });
  const [first, second, third] = products;
  const slabPrefix = first!.hsnCode.slice(0, 4);
  await db.execute(sql`
    INSERT INTO tax_rates (hsn_prefix, category_id, min_unit_paise, max_unit_paise, rate_basis_points, description)
    VALUES (${slabPrefix}, NULL, 0, 100000, 500, 'slab low'), (${slabPrefix}, NULL, 100001, NULL, 1200, 'slab high'),
           (NULL, ${second!.categoryId}::uuid, 0, NULL, 1200, 'category')`);
  await db.execute(sql`
    INSERT INTO coupons (code, description, discount_type, discount_value, max_discount_paise, min_order_paise, category_ids, product_ids)
    VALUES ('PROPPCT', '12 % off up to ₹150', 'percentage', 12, 15000, 0, '{}', '{}'),
           ('PROPFIX', '₹200 off ₹1,000', 'fixed', 20000, NULL, 100000, '{}', '{}'),
           ('PROPCAT', '20 % off one category', 'percentage', 20, NULL, 0, ARRAY[${third!.categoryId}::uuid], '{}'),
           ('PROPITEM', '15 % off two products from ₹500', 'percentage', 15, 50000, 50000, '{}',
             ARRAY[${ids[3]}::uuid, ${ids[4]}::uuid])`);
  return {
    products,
    slabPrefix,
    rateCategoryId: second!.categoryId,
    couponCategoryId: third!.categoryId,
    couponProductIds: [ids[3]!, ids[4]!],
  };
}

/** The cart's lines as the API takes them: product, size and quantity. */
export function cartItems(products: readonly TestProduct[], cart: Cart) {
  return cart.lines.map((l) => {
    const product = products[l.product]!;
    const variant = product.variants[l.variant % product.variants.length]!;
    return { productId: product.id, variantId: variant.id, quantity: l.quantity };
  });
}
