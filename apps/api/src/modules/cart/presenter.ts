/**
 * The cart's answer shape (behaviour.md §3 Cart, §7 Cart): a cart record, priced live in paise,
 * turned into the rupees `/cart` answers. Unavailable lines are shown but not counted.
 */
import type { Cart } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { CartRecord } from './service';

/** The store's delivery terms in paise (pricing's ChargeSettings, of which the cart needs these two). */
export type DeliveryTerms = { deliveryChargePaise: number; freeDeliveryFromPaise: number | null };

/** The cart's `delivery` (rupees): the charge unless the lines reach the threshold, and what is missing. */
function deliveryOf(terms: DeliveryTerms | undefined, linesPaise: number): Cart['delivery'] {
  if (!terms) return undefined;
  const from = terms.freeDeliveryFromPaise;
  const free = linesPaise === 0 || (from !== null && linesPaise >= from);
  return {
    charge: free ? 0 : paiseToRupees(terms.deliveryChargePaise),
    freeFrom: from === null ? null : paiseToRupees(from),
    shortfall: free || from === null || terms.deliveryChargePaise === 0 ? 0 : paiseToRupees(from - linesPaise),
  };
}

/**
 * The cart of behaviour.md §3 in rupees, as `/cart` answers it; an empty cart (id null) when
 * there is none. `terms` adds the delivery line (behaviour.md §4 Delivery charge and COD fee).
 */
export function toPublicCart(record: CartRecord | null, guestId: string | null = null, terms?: DeliveryTerms): Cart {
  if (!record) {
    return {
      id: null,
      items: [],
      itemCount: 0,
      totalAmount: 0,
      totalMrp: 0,
      delivery: deliveryOf(terms, 0),
      isActive: true,
      guestId,
      updatedAt: null,
    };
  }
  let totalPaise = 0;
  let totalMrpPaise = 0;
  const items = record.lines.map((line) => {
    if (line.isAvailable) {
      totalPaise += line.unitPricePaise * line.quantity;
      totalMrpPaise += line.mrpPaise * line.quantity;
    }
    return {
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      product: {
        id: line.product.id,
        slug: line.product.slug,
        name: line.product.name,
        brand: line.product.brand,
        isActive: line.product.isActive,
        primaryImage: line.product.primaryImage,
        images: line.product.images,
        variants: line.product.variants.map((v) => ({
          id: v.id,
          sku: v.sku,
          size: v.size,
          color: v.color,
          price: paiseToRupees(v.pricePaise),
          mrp: paiseToRupees(v.mrpPaise),
          stock: v.stock,
          inStock: v.stock > 0,
        })),
      },
      variant: {
        id: line.variantId,
        sku: line.sku,
        size: line.size,
        color: line.color,
        images: line.product.images,
        price: paiseToRupees(line.unitPricePaise),
        mrp: paiseToRupees(line.mrpPaise),
        stock: line.stock,
        inStock: line.stock > 0,
      },
      price: paiseToRupees(line.unitPricePaise),
      priceAtAdd: paiseToRupees(line.unitPricePaiseAtAdd),
      priceChanged: line.unitPricePaise !== line.unitPricePaiseAtAdd,
      lineTotal: paiseToRupees(line.unitPricePaise * line.quantity),
      lineMrpTotal: paiseToRupees(line.mrpPaise * line.quantity),
      isAvailable: line.isAvailable,
      exceedsStock: line.exceedsStock,
    };
  });
  return {
    id: record.id,
    items,
    itemCount: record.lines.reduce((n, l) => n + l.quantity, 0),
    totalAmount: paiseToRupees(totalPaise),
    totalMrp: paiseToRupees(totalMrpPaise),
    delivery: deliveryOf(terms, totalPaise),
    isActive: record.isActive,
    guestId: record.guestId,
    updatedAt: record.updatedAt.toISOString(),
  };
}
