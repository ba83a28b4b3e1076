import 'server-only';
import {
  AUTH_TOKEN_STORAGE_NAME,
  GENERIC_MESSAGES,
  ORDER_MESSAGES,
  addressBookEntrySchema,
  cartSchema,
  checkoutOptionsSchema,
  deliveryUpdatesSchema,
  CONSENT_PATHS,
  consentsSchema,
  nomineeSchema,
  exchangeOptionSchema,
  exchangeRequestSchema,
  grievanceListSchema,
  isGuestId,
  orderPageSchema,
  orderSchema,
  returnRequestSchema,
  trackingSchema,
  userSchema,
  walletSchema,
  whatsappOptInSchema,
  wishlistIdsSchema,
  wishlistPageSchema,
  type AddressBookEntry,
  type Cart,
  type CheckoutOptions,
  type DeliveryUpdates,
  type Consents,
  type Nominee,
  type ExchangeOption,
  type ExchangeRequest,
  type Grievance,
  type Order,
  type ReturnRequest,
  type Tracking,
  type User,
  type Wallet,
  type WhatsappOptIn,
  type WishlistPage,
  personalDataSummarySchema,
  type PersonalDataSummary,
} from '@vastra/contracts';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { GUEST_ID_COOKIE } from '@/lib/guest-id';
import { apiGet, checked } from './client';

/**
 * The shopper's side of the server data layer (docs/architecture.md "Storefront data flow"):
 * the storefront's server reads the API on the shopper's behalf with the API's httpOnly
 * `auth_token` cookie, which reaches it because the storefront and the API share a site (README
 * "Browser sessions and where the API lives"; in production the API's SESSION_COOKIE_DOMAIN).
 * A guest's cart is found by the guest id the browser mirrors into the `guestId` cookie
 * (lib/guest-id.ts). Every answer is personal: never cached, never shared between requests.
 */

/** Who the page is rendered for: the session token and the guest id, either or both null. */
export type ShopperSession = { token: string | null; guestId: string | null };

/** This request's shopper, read once per render from its cookies. */
export const shopperSession = cache(async (): Promise<ShopperSession> => {
  const jar = await cookies();
  const token = jar.get(AUTH_TOKEN_STORAGE_NAME)?.value || null;
  const guestId = jar.get(GUEST_ID_COOKIE)?.value;
  return { token, guestId: isGuestId(guestId) ? guestId : null };
});

/** An expired or revoked session: the page renders as for a guest (the browser's 401 handler does the rest). */
class SessionEnded extends Error {}

/**
 * GET an API path as the shopper (client.ts apiGet with the session, never cached, with this page
 * request's id). Throws SessionEnded on 401, ApiError with the API's message (or `fallbackMessage`) otherwise.
 */
async function shopperGet(
  path: string,
  token: string | null,
  fallbackMessage: string,
): Promise<Record<string, unknown>> {
  try {
    return await apiGet(path, { revalidate: 0, fallbackMessage, sessionToken: token });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new SessionEnded();
    throw error;
  }
}

/** Runs a logged-in read; null for a guest or an ended session. */
async function asUser<T>(read: (token: string) => Promise<T>): Promise<T | null> {
  const { token } = await shopperSession();
  if (!token) return null;
  try {
    return await read(token);
  } catch (error) {
    if (error instanceof SessionEnded) return null;
    throw error;
  }
}

/** GET /auth/me: the logged-in shopper, or null (no session, or it ended). */
export const getCurrentShopper = cache((): Promise<User | null> =>
  asUser(async (token) =>
    checked(userSchema, (await shopperGet('/auth/me', token, GENERIC_MESSAGES.fallback)).user, 'auth/me'),
  ),
);

/**
 * GET /cart: the logged-in shopper's cart, else the guest's by the `guestId` cookie; null when
 * there is neither (a first visit) or the session ended. Money in rupees.
 */
export const getShopperCart = cache(async (): Promise<Cart | null> => {
  const { token, guestId } = await shopperSession();
  const path = token ? '/cart' : guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : null;
  if (!path) return null;
  try {
    return checked(cartSchema, (await shopperGet(path, token, GENERIC_MESSAGES.fallback)).cart, 'cart');
  } catch (error) {
    if (error instanceof SessionEnded) return null;
    throw error;
  }
});

/** One page of the shopper's orders, newest first, with paging. */
export type OrderPage = ReturnType<typeof orderPageSchema.parse>;

/** One wish-listed product and size, as GET /wishlist/ids lists them. */
export type WishlistRef = { id: string; productId: string; variantId: string };

/** GET /wishlist?page&limit: one page of the shopper's wishlist, newest first; null for a guest. */
export const getWishlistPage = cache((page: number, limit: number): Promise<WishlistPage | null> =>
  asUser(async (token) =>
    checked(
      wishlistPageSchema,
      await shopperGet(`/wishlist?${paging(page, limit)}`, token, GENERIC_MESSAGES.fallback),
      'wishlist',
    ),
  ),
);

/** GET /wishlist/ids: every entry's id, product and size (the hearts and the header's count); null for a guest. */
export const getWishlistRefs = cache((): Promise<WishlistRef[] | null> =>
  asUser(
    async (token) =>
      checked(wishlistIdsSchema, await shopperGet('/wishlist/ids', token, GENERIC_MESSAGES.fallback), 'wishlist/ids')
        .entries,
  ),
);

/** GET /orders/my-orders?page&limit: the shopper's orders, newest first; null for a guest. */
export const getMyOrders = cache((page: number, limit: number): Promise<OrderPage | null> =>
  asUser(async (token) =>
    checked(
      orderPageSchema,
      await shopperGet(`/orders/my-orders?${paging(page, limit)}`, token, GENERIC_MESSAGES.fallback),
      'orders',
    ),
  ),
);

/** GET /orders/{id}: one of the shopper's orders; null for a guest; ApiError 404 for anyone else's. */
export const getMyOrder = cache((orderId: string): Promise<Order | null> =>
  asUser(async (token) =>
    checked(
      orderSchema,
      (await shopperGet(`/orders/${encodeURIComponent(orderId)}`, token, GENERIC_MESSAGES.fallback)).order,
      'order',
    ),
  ),
);

/**
 * GET /api/shipping/track/{orderId}: where the shipment is (courier, AWB, status, expected
 * delivery, the courier's scans), from the courier or the order's own timeline; read with each
 * render of the order page, never kept. Null for a guest; ApiError with the API's message (503
 * 'Tracking is not available right now. Please try again later.') or 'Failed to track order'.
 */
export const getOrderTracking = cache((orderId: string): Promise<Tracking | null> =>
  asUser(async (token) =>
    checked(
      trackingSchema,
      await shopperGet(`/api/shipping/track/${encodeURIComponent(orderId)}`, token, ORDER_MESSAGES.track),
      'tracking',
    ),
  ),
);

/** GET /orders/returns/all?page&limit: the shopper's return requests, newest first; null for a guest. */
export const getMyReturns = cache((page: number, limit: number): Promise<ReturnRequest[] | null> =>
  asUser(async (token) => {
    const data = await shopperGet(`/orders/returns/all?${paging(page, limit)}`, token, GENERIC_MESSAGES.fallback);
    return (Array.isArray(data.returns) ? data.returns : []).map((r) => checked(returnRequestSchema, r, 'return'));
  }),
);

/** GET /orders/{id}/exchanges: the exchanges of one of the shopper's orders, newest first; null for a guest; ApiError 404 for anyone else's. */
export const getOrderExchanges = cache((orderId: string): Promise<ExchangeRequest[] | null> =>
  asUser(async (token) => {
    const data = await shopperGet(`/orders/${encodeURIComponent(orderId)}/exchanges`, token, GENERIC_MESSAGES.fallback);
    return (Array.isArray(data.exchanges) ? data.exchanges : []).map((e) =>
      checked(exchangeRequestSchema, e, 'exchange'),
    );
  }),
);

/**
 * GET /orders/{id}/delivery-updates: the courier's events of the order and a failed delivery
 * attempt the shopper may answer (docs/behaviour.md "Courier updates: NDR and RTO"); null for a guest.
 */
export const getDeliveryUpdates = cache((orderId: string): Promise<DeliveryUpdates | null> =>
  asUser(async (token) =>
    checked(
      deliveryUpdatesSchema,
      await shopperGet(`/orders/${encodeURIComponent(orderId)}/delivery-updates`, token, GENERIC_MESSAGES.fallback),
      'delivery updates',
    ),
  ),
);

/**
 * GET /orders/{id}/exchange-options?orderItemId: the other sizes and colours of a line's product,
 * with stock and price difference (rupees); null for a guest; ApiError 400 or 404 with the API's message.
 */
export const getExchangeOptions = cache((orderId: string, orderItemId: string): Promise<ExchangeOption[] | null> =>
  asUser(async (token) => {
    const query = new URLSearchParams({ orderItemId }).toString();
    const data = await shopperGet(
      `/orders/${encodeURIComponent(orderId)}/exchange-options?${query}`,
      token,
      GENERIC_MESSAGES.fallback,
    );
    return (Array.isArray(data.options) ? data.options : []).map((o) =>
      checked(exchangeOptionSchema, o, 'exchange-option'),
    );
  }),
);

/** GET /wallet: the shopper's store credit, its balance and ledger (rupees); null for a guest. */
export const getMyWallet = cache((): Promise<Wallet | null> =>
  asUser(async (token) =>
    checked(walletSchema, await shopperGet('/wallet', token, GENERIC_MESSAGES.fallback), 'wallet'),
  ),
);

/** GET /grievances: the shopper's grievances, newest first (behaviour.md "Grievances"); null for a guest. */
export const getMyGrievances = cache((): Promise<Grievance[] | null> =>
  asUser(
    async (token) =>
      checked(grievanceListSchema, await shopperGet('/grievances', token, GENERIC_MESSAGES.fallback), 'grievances')
        .grievances,
  ),
);

/** GET /account/consents: the shopper's consents, current and history (behaviour.md "Consent and the privacy notice"); null for a guest. */
export const getMyConsents = cache((): Promise<Consents | null> =>
  asUser(async (token) =>
    checked(consentsSchema, await shopperGet(CONSENT_PATHS.consents, token, GENERIC_MESSAGES.fallback), 'consents'),
  ),
);

/** GET /account/nominee: the nominee the shopper named; null for none, or for a guest. */
export const getMyNominee = cache((): Promise<Nominee | null> =>
  asUser(async (token) => {
    try {
      return checked(
        nomineeSchema,
        await shopperGet(CONSENT_PATHS.nominee, token, GENERIC_MESSAGES.fallback),
        'nominee',
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }),
);

/** GET /whatsapp/opt-in: whether the shopper gets order updates on WhatsApp, and the number; null for a guest. */
export const getWhatsappOptIn = cache((): Promise<WhatsappOptIn | null> =>
  asUser(async (token) =>
    checked(whatsappOptInSchema, await shopperGet('/whatsapp/opt-in', token, GENERIC_MESSAGES.fallback), 'whatsapp'),
  ),
);

/** GET /addresses: the shopper's address book, the default first; null for a guest. */
export const getAddressBook = cache((): Promise<AddressBookEntry[] | null> =>
  asUser(async (token) => {
    const data = await shopperGet('/addresses', token, GENERIC_MESSAGES.fallback);
    return (Array.isArray(data.addresses) ? data.addresses : []).map((a) =>
      checked(addressBookEntrySchema, a, 'address'),
    );
  }),
);

/**
 * GET /orders/checkout-options: the payment methods on offer, the cash on delivery limit (rupees)
 * and how GST is shown; the API asks for a session, so null for a guest or an ended session.
 */
export const getCheckoutOptions = cache((): Promise<CheckoutOptions | null> =>
  asUser(async (token) =>
    checked(
      checkoutOptionsSchema,
      await shopperGet('/orders/checkout-options', token, GENERIC_MESSAGES.fallback),
      'checkout-options',
    ),
  ),
);

function paging(page: number, limit: number): string {
  return new URLSearchParams({ page: String(page), limit: String(limit) }).toString();
}

/** GET /account/data: what the store keeps about the shopper (docs/behaviour.md "Data rights: export, erasure, retention"); null for a guest. */
export const getMyDataSummary = cache((): Promise<PersonalDataSummary | null> =>
  asUser(async (token) =>
    checked(
      personalDataSummarySchema,
      await shopperGet('/account/data', token, GENERIC_MESSAGES.fallback),
      'account-data',
    ),
  ),
);
