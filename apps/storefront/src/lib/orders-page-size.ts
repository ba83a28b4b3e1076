/** How many orders one page of the orders list shows. */
export const ORDERS_PAGE_SIZE = 10;

/**
 * The page of the orders list a `?page=` search parameter asks for (/account/orders?page=2):
 * a whole number from 1; anything else (missing, repeated, 0, "x", 2.5) is page 1.
 */
export function ordersPageOf(param: string | string[] | undefined): number {
  const raw = Array.isArray(param) ? param[0] : param;
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** The address of a page of the orders list (page 1 has no parameter). */
export function ordersPageHref(page: number): string {
  return page > 1 ? `/account/orders?page=${page}` : '/account/orders';
}
