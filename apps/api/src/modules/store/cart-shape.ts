/**
 * A cart in the shape of the Medusa v2 Store API (typed against `@medusajs/types`): its line
 * items with product and variant, the promotion applied and the totals the pricing worked out
 * (./totals.ts), in rupees, converted from paise only here. Only the fields `fields` selects
 * are made (./fields.ts); totals are worked out only when one is selected (`needsTotals`).
 */
import type { HttpTypes } from '@medusajs/types';
import { paiseToRupees as r } from '../../lib/money';
import type { CartLine } from '../cart';
import type { Coupon } from '../coupons/service';
import { picks, project, relation, type Picked, type Selection } from './fields';
import { regionResource, type StoreRegion } from './region';
import { productResource, resource, variantResource, type ProductInput, type ProductSource } from './shapes';
import type { CartTotals, LineTotals } from './totals';

/** A cart line as the commerce API reads it from the cart service, its product as the store shows it. Money in paise. */
export type CartLineInput = Omit<CartLine, 'product'> & { product: ProductInput };

export type CartInput = {
  id: string;
  isActive: boolean;
  email: string | null;
  createdAt: Date;
  updatedAt: Date;
  lines: CartLineInput[];
};

/** What a cart's answer is made from; `totals` is null when no selected field needs them. */
export type CartSource = {
  cart: CartInput;
  region: StoreRegion;
  /** The coupon the pricing applied to the cart, if any; its discount is on the lines that can be bought now. */
  coupon: { coupon: Coupon; discountPaise: number } | null;
  totals: CartTotals | null;
};

type LineSource = CartSource & { line: CartLineInput; lineTotals: LineTotals | null };

const must = <T>(value: T | null): T => {
  if (value === null) throw new Error('cart totals read without being worked out (needsTotals)');
  return value;
};
const lineTotal = (pick: (t: LineTotals) => number) => (s: LineSource) => r(pick(must(s.lineTotals)));
const cartTotal = (pick: (t: CartTotals) => number) => (s: CartSource) => r(pick(must(s.totals)));

const productOf = (s: LineSource): ProductSource => ({ product: s.line.product, region: s.region });

const lineItem = resource<LineSource, HttpTypes.StoreCartLineItem>(
  {
    id: (s) => s.line.id,
    cart_id: (s) => s.cart.id,
    title: (s) => s.line.size,
    subtitle: (s) => s.line.product.name,
    thumbnail: (s) => (s.line.product.primaryImage ?? s.line.product.images[0])?.url,
    quantity: (s) => s.line.quantity,
    product_id: (s) => s.line.productId,
    product_title: (s) => s.line.product.name,
    product_description: (s) => s.line.product.description ?? undefined,
    product_subtitle: (s) => s.line.product.brand,
    product_handle: (s) => s.line.product.slug,
    variant_id: (s) => s.line.variantId,
    variant_sku: (s) => s.line.sku,
    variant_title: (s) => s.line.size,
    variant_option_values: (s) => ({ Size: s.line.size, Color: s.line.color }),
    requires_shipping: () => true,
    is_discountable: () => true,
    is_tax_inclusive: (s) => s.region.is_tax_inclusive,
    unit_price: (s) => r(s.line.unitPricePaise),
    compare_at_unit_price: (s) => r(s.line.mrpPaise),
    subtotal: lineTotal((t) => t.subtotal),
    item_subtotal: lineTotal((t) => t.subtotal),
    original_subtotal: lineTotal((t) => t.subtotal),
    discount_total: lineTotal((t) => t.discount),
    discount_tax_total: lineTotal((t) => t.originalTax - t.tax),
    total: lineTotal((t) => t.total),
    item_total: lineTotal((t) => t.total),
    original_total: lineTotal((t) => t.subtotal),
    tax_total: lineTotal((t) => t.tax),
    item_tax_total: lineTotal((t) => t.tax),
    original_tax_total: lineTotal((t) => t.originalTax),
    metadata: ({ line }) => ({
      size: line.size,
      color: line.color,
      brand: line.product.brand,
      mrp: r(line.mrpPaise),
      stock: line.stock,
      is_available: line.isAvailable,
      exceeds_stock: line.exceedsStock,
      unit_price_at_add: r(line.unitPricePaiseAtAdd),
      price_changed: line.unitPricePaise !== line.unitPricePaiseAtAdd,
    }),
    product: relation(productResource, productOf),
    variant: relation(variantResource, (s: LineSource) => {
      const variants = s.line.product.variants;
      const rank = Math.max(
        0,
        variants.findIndex((v) => v.id === s.line.variantId),
      );
      return variants[rank] ? { ...productOf(s), variant: variants[rank], rank } : null;
    }),
    created_at: (s) => s.line.createdAt.toISOString(),
    updated_at: (s) => s.line.updatedAt.toISOString(),
  },
  [],
);

const applicationMethod = resource<CartSource, NonNullable<HttpTypes.StoreCartPromotion['application_method']>>(
  {
    type: (s) => must(s.coupon).coupon.discountType,
    value: (s) => {
      const { coupon } = must(s.coupon);
      return String(coupon.discountType === 'percentage' ? coupon.discountValue : r(coupon.discountValue));
    },
    currency_code: (s) => s.region.currency_code,
  },
  [],
);

const promotion = resource<CartSource, HttpTypes.StoreCartPromotion>(
  {
    id: (s) => must(s.coupon).coupon.id,
    code: (s) => must(s.coupon).coupon.code,
    is_automatic: () => false,
    application_method: relation(applicationMethod, (s: CartSource) => s),
  },
  [],
);

/** No shipping methods yet: delivery is chosen at checkout (an empty list, with Medusa's fields). */
const shippingMethod = resource<never, HttpTypes.StoreCartShippingMethod>(
  { id: (s) => s, name: (s) => s, amount: (s) => s, shipping_option_id: (s) => s },
  [],
);

/**
 * A cart with its region, line items (with product and variant), the promotions applied and
 * running, and totals (see `./totals`). Its defaults are every field of the cart, its items,
 * their product and variant (without their relations), its region and promotions: what
 * the storefront asks for (`*items,*region,*items.product,…`) and nothing more.
 */
export const cartResource = resource<CartSource, HttpTypes.StoreCart>(
  {
    id: (s) => s.cart.id,
    region_id: (s) => s.region.id,
    region: relation(regionResource, (s: CartSource) => s.region),
    email: (s) => s.cart.email ?? undefined,
    currency_code: (s) => s.region.currency_code,
    items: relation(lineItem, (s: CartSource): LineSource[] =>
      s.cart.lines.map((line, i) => ({ ...s, line, lineTotals: s.totals?.lines[i] ?? null })),
    ),
    shipping_methods: relation(shippingMethod, () => []),
    promotions: relation(promotion, (s: CartSource) => (s.coupon ? [s] : [])),
    metadata: (s) => ({ is_active: s.cart.isActive }),
    created_at: (s) => s.cart.createdAt.toISOString(),
    updated_at: (s) => s.cart.updatedAt.toISOString(),
    original_item_total: cartTotal((t) => t.itemSubtotal),
    original_item_subtotal: cartTotal((t) => t.itemSubtotal),
    original_item_tax_total: cartTotal((t) => t.originalTax),
    item_total: cartTotal((t) => t.itemTotal),
    item_subtotal: cartTotal((t) => t.itemSubtotal),
    item_tax_total: cartTotal((t) => t.tax),
    original_total: cartTotal((t) => t.originalTotal),
    original_subtotal: cartTotal((t) => t.itemSubtotal + t.shipping),
    original_tax_total: cartTotal((t) => t.originalTax),
    total: cartTotal((t) => t.total),
    subtotal: cartTotal((t) => t.itemSubtotal + t.shipping),
    tax_total: cartTotal((t) => t.tax),
    discount_total: cartTotal((t) => t.discount),
    discount_tax_total: cartTotal((t) => t.originalTax - t.tax),
    gift_card_total: () => 0,
    gift_card_tax_total: () => 0,
    shipping_total: cartTotal((t) => t.shipping),
    shipping_subtotal: cartTotal((t) => t.shipping),
    shipping_tax_total: () => 0,
    original_shipping_total: cartTotal((t) => t.shipping),
    original_shipping_subtotal: cartTotal((t) => t.shipping),
    original_shipping_tax_total: () => 0,
  },
  [
    '*',
    '*region',
    '*region.countries',
    '*items',
    '*items.product',
    '*items.variant',
    '*promotions',
    '*promotions.application_method',
    '*shipping_methods',
  ],
);

/** The fields made from the pricing's quote: the cart's and its lines' totals, and the promotion it applied. */
const PRICED = new Set(
  Object.keys(cartResource.fields).filter((f) => /total/.test(f) && !/gift_card|shipping_tax/.test(f)),
);
const PRICED_LINE = Object.keys(lineItem.fields).filter((f) => /total/.test(f));

/** Whether answering `selection` needs the cart priced (its totals, or the promotion the pricing accepted). */
export function needsTotals(selection: Selection): boolean {
  if ([...PRICED].some((f) => selection.has(f)) || selection.has('promotions')) return true;
  return PRICED_LINE.some((f) => picks(selection, `items.${f}`));
}

/** The cart as `selection` picks it. */
export function toStoreCart(source: CartSource, selection: Selection): Picked {
  return project(cartResource, selection, source);
}
