import type { Metadata } from 'next';
import type { Cart } from '@vastra/contracts';
import { CartTemplate } from '@/features/cart/islands';
import { ApiError } from '@/lib/api/api-error';
import { getShopperCart } from '@/lib/api/server/shopper';

/** A shopper's own cart is never indexed. */
export const metadata: Metadata = { title: 'Shopping cart', robots: { index: false, follow: false } };

/**
 * The cart page, rendered with the shopper's cart (their session's, else the guest's by the
 * guestId cookie): the lines and amounts are in the first HTML. Personal, so rendered per
 * request and never cached (reading the cookies makes the page dynamic; Next sends
 * `Cache-Control: private, no-store`). When the API cannot be read the page still renders: the
 * browser's store shows the cart then, as it did before the server read it.
 */
export default async function CartPage() {
  let cart: Cart | null | undefined;
  try {
    cart = await getShopperCart();
  } catch (error) {
    // Only the API's failure: Next's own signals (a dynamic render) must go through.
    if (!(error instanceof ApiError)) throw error;
    console.error('Cart page: the cart could not be read on the server', error.message);
    cart = undefined;
  }
  return <CartTemplate serverCart={cart} />;
}
