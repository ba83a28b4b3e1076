import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { unstable_rethrow } from 'next/navigation';
import { ServerCheckoutView, type CheckoutServerData } from '@/features/checkout/checkout-view';
import { CheckoutTemplate } from '@/features/checkout/islands';
import {
  getAddressBook,
  getCheckoutOptions,
  getCurrentShopper,
  getMyWallet,
  getShopperCart,
} from '@/lib/api/server/shopper';
import { getGstStates } from '@/lib/api/server/states';

/** The page's title in its language; a shopper's own checkout or order is never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkout.metadata');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/** The answer, or `failed` when the API could not give it (Next's own signals go through). */
async function orElse<T, F>(read: Promise<T>, failed: F, what: string): Promise<T | F> {
  try {
    return await read;
  } catch (error) {
    unstable_rethrow(error);
    console.error(
      `Checkout page: ${what} could not be read on the server`,
      error instanceof Error ? error.message : error,
    );
    return failed;
  }
}

/**
 * The checkout, rendered with the shopper's data (docs/architecture.md "Cart and checkout
 * pages"): the cart (the session's, else the guest's by the guestId cookie), and for a logged-in
 * shopper the address book, the payment choices, the store credit balance and the GST states of
 * the address form, read at once. The quote (GST, delivery, the total) stays the browser's: it depends on the codes and the
 * address chosen there. Personal, so rendered per request and never cached. What cannot be read
 * here the browser asks for itself (checkout-template.tsx).
 */
export default async function CheckoutPage() {
  const [cart, user, book, states, options, wallet] = await Promise.all([
    orElse(getShopperCart(), undefined, 'the cart'),
    orElse(getCurrentShopper(), null, 'the shopper'),
    orElse(getAddressBook(), null, 'the address book'),
    orElse(getGstStates(), [], 'the GST states'),
    orElse(getCheckoutOptions(), null, 'the checkout options'),
    orElse(getMyWallet(), null, 'the store credit'),
  ]);
  const server: CheckoutServerData = {
    cart,
    // Only what the page shows of the shopper goes to the browser.
    user: user && { id: user.id, name: user.name, phone: user.phone },
    book,
    states,
    options,
    storeCredit: wallet?.balance ?? null,
  };
  return <CheckoutTemplate server={server} serverView={<ServerCheckoutView server={server} />} />;
}
