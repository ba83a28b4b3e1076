/**
 * A cart in the shape of the Medusa v2 Store API (typed against `@medusajs/types`): its line
 * items with product and variant, the promotion applied and the totals the pricing worked out
 * (./totals.ts), in rupees, converted from paise only here.
 */
import type { HttpTypes } from '@medusajs/types';
import { paiseToRupees } from '../../lib/money';
import type { CartLine } from '../cart';
import type { Coupon } from '../coupons/service';
import type { StoreRegion } from './region';
import { toStoreProduct, type Plain, type ProductInput, type StoreProduct, type StoreVariant } from './shapes';
import type { CartTotals } from './totals';

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

type Totals = Pick<
  HttpTypes.StoreCartLineItem,
  | 'subtotal'
  | 'total'
  | 'original_total'
  | 'original_subtotal'
  | 'original_tax_total'
  | 'item_total'
  | 'item_subtotal'
  | 'item_tax_total'
  | 'tax_total'
  | 'discount_total'
  | 'discount_tax_total'
>;

export type StoreCartLineItem = Plain<
  Omit<HttpTypes.StoreCartLineItem, 'cart' | 'product' | 'variant' | 'created_at' | 'updated_at' | 'deleted_at'> &
    Required<Totals> & {
      product: StoreProduct;
      variant: StoreVariant;
      created_at: string;
      updated_at: string;
    }
>;

export type StoreCart = Plain<
  Omit<HttpTypes.StoreCart, 'items' | 'region' | 'shipping_methods'> & {
    region: StoreRegion;
    items: StoreCartLineItem[];
    shipping_methods: HttpTypes.StoreCartShippingMethod[];
  }
>;

/**
 * A cart with its region, line items (with product and variant), the promotions applied and
 * running, and totals (see `./totals`). `coupon` is the coupon the pricing applied to the
 * cart, if any; its discount is worked out on the lines that can be bought now.
 */
export function toStoreCart(
  cart: CartInput,
  region: StoreRegion,
  coupon: { coupon: Coupon; discountPaise: number } | null,
  totals: CartTotals,
): StoreCart {
  const r = paiseToRupees;
  const items = cart.lines.map((line, i): StoreCartLineItem => {
    const t = totals.lines[i]!;
    const product = toStoreProduct(line.product, region);
    const variant = product.variants.find((v) => v.id === line.variantId) ?? product.variants[0]!;
    return {
      id: line.id,
      cart_id: cart.id,
      title: line.size,
      subtitle: line.product.name,
      thumbnail: product.thumbnail ?? undefined,
      quantity: line.quantity,
      product_id: line.productId,
      product_title: line.product.name,
      product_description: line.product.description ?? undefined,
      product_subtitle: line.product.brand,
      product_handle: line.product.slug,
      variant_id: line.variantId,
      variant_sku: line.sku,
      variant_title: line.size,
      variant_option_values: { Size: line.size, Color: line.color },
      requires_shipping: true,
      is_discountable: true,
      is_tax_inclusive: region.is_tax_inclusive,
      unit_price: r(line.unitPricePaise),
      compare_at_unit_price: r(line.mrpPaise),
      subtotal: r(t.subtotal),
      item_subtotal: r(t.subtotal),
      original_subtotal: r(t.subtotal),
      discount_total: r(t.discount),
      discount_tax_total: r(t.originalTax - t.tax),
      total: r(t.total),
      item_total: r(t.total),
      original_total: r(t.subtotal),
      tax_total: r(t.tax),
      item_tax_total: r(t.tax),
      original_tax_total: r(t.originalTax),
      metadata: {
        size: line.size,
        color: line.color,
        brand: line.product.brand,
        mrp: r(line.mrpPaise),
        stock: line.stock,
        is_available: line.isAvailable,
        exceeds_stock: line.exceedsStock,
        unit_price_at_add: r(line.unitPricePaiseAtAdd),
        price_changed: line.unitPricePaise !== line.unitPricePaiseAtAdd,
      },
      product,
      variant,
      created_at: line.createdAt.toISOString(),
      updated_at: line.updatedAt.toISOString(),
    };
  });
  return {
    id: cart.id,
    region_id: region.id,
    region,
    email: cart.email ?? undefined,
    currency_code: region.currency_code,
    items,
    shipping_methods: [],
    promotions: coupon
      ? [
          {
            id: coupon.coupon.id,
            code: coupon.coupon.code,
            is_automatic: false,
            application_method: {
              type: coupon.coupon.discountType,
              value: String(
                coupon.coupon.discountType === 'percentage'
                  ? coupon.coupon.discountValue
                  : r(coupon.coupon.discountValue),
              ),
              currency_code: region.currency_code,
            },
          },
        ]
      : [],
    metadata: { is_active: cart.isActive },
    created_at: cart.createdAt.toISOString(),
    updated_at: cart.updatedAt.toISOString(),
    original_item_total: r(totals.itemSubtotal),
    original_item_subtotal: r(totals.itemSubtotal),
    original_item_tax_total: r(totals.originalTax),
    item_total: r(totals.itemTotal),
    item_subtotal: r(totals.itemSubtotal),
    item_tax_total: r(totals.tax),
    original_total: r(totals.originalTotal),
    original_subtotal: r(totals.itemSubtotal + totals.shipping),
    original_tax_total: r(totals.originalTax),
    total: r(totals.total),
    subtotal: r(totals.itemSubtotal + totals.shipping),
    tax_total: r(totals.tax),
    discount_total: r(totals.discount),
    discount_tax_total: r(totals.originalTax - totals.tax),
    gift_card_total: 0,
    gift_card_tax_total: 0,
    shipping_total: r(totals.shipping),
    shipping_subtotal: r(totals.shipping),
    shipping_tax_total: 0,
    original_shipping_total: r(totals.shipping),
    original_shipping_subtotal: r(totals.shipping),
    original_shipping_tax_total: 0,
  };
}
