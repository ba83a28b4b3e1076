import 'server-only';
import type { HttpTypes } from '@medusajs/types';
import { CART_MESSAGES, COMMERCE_MESSAGES, COUPON_MESSAGES } from '@vastra/contracts';
import { CommerceError, toCommerceError } from './commerce-error';
import { clearCartId, readCartId, writeCartId } from './cookies';
import { commerceSdk } from './sdk';

/**
 * The shopper's backend cart (§3, §7 Commerce backend) for the storefront's /api/commerce
 * routes: its id comes from the sealed cart cookie, and a cart is created (in the shopper's
 * region) on the first add. Every failure is a CommerceError with the backend's message,
 * status text and status (§8).
 */

/** What the storefront reads of a cart (§7): items with product, variant, thumbnail, metadata and totals, region, promotions, shipping method names. */
export const CART_FIELDS =
  '*items,*region,*items.product,*items.variant,+items.thumbnail,+items.metadata,+items.total,*promotions,+shipping_methods.name';

export type CommerceCart = HttpTypes.StoreCart;

const isGone = (error: CommerceError) => error.status === 404;

/** The shopper's cart, or null when there is none (a cookie naming a cart that is gone is dropped). */
export async function getCommerceCart(): Promise<CommerceCart | null> {
  const cartId = await readCartId();
  if (!cartId) return null;
  try {
    return (await commerceSdk().store.cart.retrieve(cartId, { fields: CART_FIELDS })).cart;
  } catch (error) {
    const failure = toCommerceError(error, CART_MESSAGES.fetch);
    if (!isGone(failure)) throw failure;
    await clearCartId();
    return null;
  }
}

/** Whether the backend still has the cart (a 404 for a line or a size must not drop the shopper's cart). */
async function cartExists(cartId: string): Promise<boolean> {
  try {
    await commerceSdk().store.cart.retrieve(cartId, { fields: 'id' });
    return true;
  } catch (error) {
    if (isGone(toCommerceError(error))) return false;
    throw error;
  }
}

/** Adds a quantity of a variant, creating the cart in `regionId` first when the shopper has none. */
export async function addCommerceLineItem(item: {
  variantId: string;
  quantity: number;
  regionId: string | null;
}): Promise<CommerceCart> {
  const sdk = commerceSdk();
  const add = (cartId: string) =>
    sdk.store.cart.createLineItem(
      cartId,
      { variant_id: item.variantId, quantity: item.quantity },
      { fields: CART_FIELDS },
    );
  const create = async () => {
    if (!item.regionId) throw new CommerceError(COMMERCE_MESSAGES.regionNotSet, 'Bad Request', 400);
    const { cart } = await sdk.store.cart.create({ region_id: item.regionId });
    await writeCartId(cart.id);
    return cart.id;
  };
  try {
    const cartId = await readCartId();
    if (!cartId) return (await add(await create())).cart;
    try {
      return (await add(cartId)).cart;
    } catch (error) {
      // The cookie outlived its cart (removed after 30 idle days): start a new one.
      if (!isGone(toCommerceError(error)) || (await cartExists(cartId))) throw error;
      return (await add(await create())).cart;
    }
  } catch (error) {
    throw toCommerceError(error, CART_MESSAGES.add);
  }
}

/** The cart id of the cookie; a CommerceError 404 when the shopper has no cart. */
async function currentCartId(): Promise<string> {
  const cartId = await readCartId();
  if (!cartId) throw new CommerceError(CART_MESSAGES.cartNotFound, 'Not Found', 404);
  return cartId;
}

/**
 * Runs a call on the shopper's current cart and answers the cart it returns; any failure
 * becomes a CommerceError with `fallback` when the backend gave no message.
 */
async function onCurrentCart(
  fallback: string,
  call: (cartId: string) => Promise<CommerceCart | undefined>,
): Promise<CommerceCart> {
  try {
    const cart = await call(await currentCartId());
    if (!cart) throw new CommerceError(fallback, 'Bad Gateway', 502);
    return cart;
  } catch (error) {
    throw toCommerceError(error, fallback);
  }
}

/** Sets a line's quantity (0 removes it). */
export function updateCommerceLineItem(lineId: string, quantity: number): Promise<CommerceCart> {
  return onCurrentCart(CART_MESSAGES.update, async (cartId) => {
    const { cart } = await commerceSdk().store.cart.updateLineItem(
      cartId,
      lineId,
      { quantity },
      { fields: CART_FIELDS },
    );
    return cart;
  });
}

export function removeCommerceLineItem(lineId: string): Promise<CommerceCart> {
  return onCurrentCart(CART_MESSAGES.remove, async (cartId) => {
    const { parent } = await commerceSdk().store.cart.deleteLineItem(cartId, lineId, { fields: CART_FIELDS });
    return parent;
  });
}

/** Applies a coupon code (the backend checks that it runs and the order reaches its minimum). */
export function applyCommercePromotion(code: string): Promise<CommerceCart> {
  return onCurrentCart(COUPON_MESSAGES.apply, async (cartId) => {
    const { cart } = await commerceSdk().store.cart.addPromotions(
      cartId,
      { promo_codes: [code] },
      { fields: CART_FIELDS },
    );
    return cart;
  });
}

export function removeCommercePromotion(code: string): Promise<CommerceCart> {
  return onCurrentCart(COUPON_MESSAGES.apply, async (cartId) => {
    const { cart } = await commerceSdk().store.cart.removePromotions(
      cartId,
      { promo_codes: [code] },
      { fields: CART_FIELDS },
    );
    return cart;
  });
}

/** The regions the backend serves (only India), for the browser to keep one's id. */
export async function listCommerceRegions(): Promise<HttpTypes.StoreRegion[]> {
  try {
    return (await commerceSdk().store.region.list()).regions;
  } catch (error) {
    throw toCommerceError(error);
  }
}
