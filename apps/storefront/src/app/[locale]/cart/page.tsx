import type { Metadata } from 'next';
import { unstable_rethrow } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import type { Cart } from '@vastra/contracts';
import { ServerCartView } from '@/features/cart/cart-view';
import { CartTemplate } from '@/features/cart/islands';
import { getShopperCart } from '@/lib/api/server/shopper';

/** The page's title in its language; a shopper's own cart is never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('cart.metadata');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * The cart page, rendered with the shopper's cart (their session's, else the guest's by the
 * guestId cookie): the lines and amounts are in the first HTML. Personal, so rendered per
 * request and never cached (reading the cookies makes the page dynamic; Next sends
 * `Cache-Control: private, no-store`). When the API cannot be read the page still renders: the
 * browser shows the cart it stored then, as it did before the server read it.
 */
export default async function CartPage() {
  let cart: Cart | null | undefined;
  try {
    cart = await getShopperCart();
  } catch (error) {
    // Next's own signals (a dynamic render) must go through; the API's failure is not the page's.
    unstable_rethrow(error);
    console.error(
      'Cart page: the cart could not be read on the server',
      error instanceof Error ? error.message : error,
    );
    cart = undefined;
  }
  return <CartTemplate serverCart={cart} serverView={<ServerCartView cart={cart} />} />;
}
