/**
 * Helpers of the cart journeys: products to shop for (read from the API), the product page's
 * size and Add to cart, the header's cart link and the cart page's lines and totals.
 */
import { formatPrice, type Cart, type ProductDetail, type ProductSearchResult, type Variant } from '@vastra/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import { api } from './pages';
import { API_URL } from './stack';

/** Products of a listing query with at least `sizes` sizes in stock, each with 5 or more pieces. */
export async function productsWithSizes(query: string, sizes: number, count: number): Promise<ProductDetail[]> {
  const { products } = await api<ProductSearchResult>(`/products/search?${query}`);
  const details = await Promise.all(products.map((p) => api<{ product: ProductDetail }>(`/products/${p.id}`)));
  const found = details
    .map((d) => d.product)
    .filter((p) => p.variants.filter((v) => v.stock >= 5).length >= sizes)
    .slice(0, count);
  expect(found.length, `${count} products with ${sizes} sizes in stock (${query})`).toBe(count);
  return found;
}

/** The sizes of a product with 5 or more pieces left. */
export const sizesInStock = (product: ProductDetail): Variant[] => product.variants.filter((v) => v.stock >= 5);

/** The header's link to the cart; its name carries the count ("Cart, 3 items"). */
export function cartLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Cart, / });
}

/** What the header's cart link says for a number of pieces. */
export function cartLabel(pieces: number): string {
  return pieces === 0 ? 'Cart, empty' : `Cart, ${pieces} ${pieces === 1 ? 'item' : 'items'}`;
}

/**
 * Chooses a size on the product page (the radio is visually replaced by its label). A click
 * before the page is interactive (hydration) is lost, so it checks again until the choice holds.
 */
export async function chooseSize(page: Page, size: string): Promise<void> {
  const radio = page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: new RegExp(`^${size}\\b`) });
  await expect(async () => {
    await radio.check({ force: true, timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(radio).toBeChecked();
}

/** Presses Add to cart and waits for the toast that answers it. */
export async function addToCart(page: Page, toast: string): Promise<void> {
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: toast })).toBeVisible();
}

/** The cart page's line of one size of a product. */
export function cartLine(page: Page, product: ProductDetail, size: string): Locator {
  return page
    .getByTestId('cart-line')
    .filter({ has: page.getByRole('group', { name: `Quantity of ${product.name}, size ${size}` }) });
}

/** Checks the price details against a cart as the API computed it. */
export async function expectTotals(page: Page, cart: Pick<Cart, 'totalAmount' | 'totalMrp'>): Promise<void> {
  await expect(page.getByTestId('total-amount')).toHaveText(formatPrice(cart.totalAmount));
  await expect(page.getByTestId('total-mrp')).toHaveText(formatPrice(cart.totalMrp));
}

/** The cart of a logged-in shopper, asked of the API with their bearer. */
export async function cartOfUser(token: string): Promise<Cart> {
  const res = await fetch(`${API_URL}/cart`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { cart: Cart } }).data.cart;
}

/** Adds to a logged-in shopper's cart through the API (as from another device). */
export async function addThroughApi(
  token: string,
  product: ProductDetail,
  variant: Variant,
  quantity = 1,
): Promise<Cart> {
  const res = await fetch(`${API_URL}/cart/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId: product.id, variantId: variant.id, quantity }),
  });
  const body = (await res.json()) as { message?: string; data: { cart: Cart } };
  expect(res.status, body.message).toBe(200);
  return body.data.cart;
}
