import type { ApiAnswer, BrowserApi } from './browser-client';

/** A cart as §3 names it; its items take their full shape with the cart issue. */
export type Cart = { id: string; items: unknown[]; totalAmount: number; isActive: boolean; guestId: string | null };

/** GET /cart: the logged-in user's cart, or a guest's by guestId (§7 Cart). */
export function getCart(api: BrowserApi, guestId: string | null): Promise<ApiAnswer<{ cart: Cart | null }>> {
  return api.request(guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : '/cart');
}
