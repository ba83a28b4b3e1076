/**
 * The cart and checkout pages arrive with the shopper's own data in their first HTML
 * (docs/architecture.md "Cart and checkout pages"): fetched as a script would, with the session
 * or guest id cookie and no JavaScript run, /cart holds the lines, their quantities and the
 * amounts, and /checkout the order summary and the saved address. Someone else's session, and
 * a visitor with neither cookie, see none of it; neither page may be stored by a cache.
 */
import { AUTH_TOKEN_STORAGE_NAME, formatPrice, type Cart, type CartItem, type ProductDetail } from '@vastra/contracts';
import { apiPost, newShopper, registerThroughApi } from '../support/accounts';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { API_URL, WEB_PORT } from '../support/stack';

const SITE = `http://localhost:${WEB_PORT}`;

/** A saved address whose name and street no other part of the page would show. */
const ADDRESS = {
  firstName: 'Meera',
  lastName: 'Iyer',
  street: '7 Park Street',
  city: 'Kolkata',
  state: 'West Bengal',
  postalCode: '700016',
  country: 'India',
  phone: '9876501234',
  isDefault: true,
};

type Page = { status: number; cacheControl: string; html: string; text: string };

/** GET a storefront page with these cookies, as a script would (no JavaScript runs). */
async function pageHtml(pathname: string, cookies: Record<string, string>): Promise<Page> {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const res = await fetch(`${SITE}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  const raw = await res.text();
  // The markup only: the React payload in <script> tags carries the same data without showing it.
  const html = raw.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '');
  return { status: res.status, cacheControl: res.headers.get('cache-control') ?? '', html, text: textOf(html) };
}

/** What the markup says, as a reader would see it: tags and React's text separators gone, entities decoded. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

/** The texts of the elements with this test id (leaf elements: no markup inside). */
function testIdTexts(html: string, testId: string): string[] {
  return [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`, 'g'))].map((m) => textOf(m[1]!).trim());
}

/** The markup of each element with this test id, up to the next one (a list's items). */
function chunks(html: string, testId: string): string[] {
  return html.split(`data-testid="${testId}"`).slice(1);
}

/** The cart line (or summary line) of this item, as text; fails when there is none. */
function lineText(html: string, testId: string, item: CartItem): string {
  const found = chunks(html, testId)
    .map(textOf)
    .filter((text) => text.includes(item.product.name) && text.includes(`Size ${item.variant.size}`));
  expect(found, `one ${testId} of ${item.product.name}, size ${item.variant.size}`).toHaveLength(1);
  return found[0]!;
}

/** Checks the cart page's HTML against the cart the API holds. */
function expectCartPage(page: Page, cart: Cart): void {
  expect(page.status).toBe(200);
  expect(chunks(page.html, 'cart-line')).toHaveLength(cart.items.length);
  for (const item of cart.items) {
    const text = lineText(page.html, 'cart-line', item);
    expect(text).toContain(`Quantity ${item.quantity}`);
    expect(text).toContain(formatPrice(item.price));
    if (item.quantity > 1) expect(text).toContain(formatPrice(item.lineTotal));
  }
  expect(testIdTexts(page.html, 'total-amount')).toEqual([formatPrice(cart.totalAmount)]);
  expect(testIdTexts(page.html, 'total-mrp')).toEqual([formatPrice(cart.totalMrp)]);
  expect(page.text).not.toContain('Your cart is empty');
}

/** The page is personal: no cache may keep it, and no search engine index it. */
function expectPersonal(page: Page): void {
  expect(page.cacheControl).toMatch(/private|no-store/);
  expect(page.cacheControl).not.toMatch(/public|s-maxage/);
  expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
}

async function twoProducts(): Promise<[ProductDetail, ProductDetail]> {
  const [first, second] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 2);
  return [first!, second!];
}

test('a logged-in shopper gets their lines, amounts and address in the cart and checkout HTML', async ({ shopper }) => {
  const [kurta, other] = await twoProducts();
  const { token } = shopper;
  const saved = await apiPost('/addresses', ADDRESS, token);
  expect(saved.status, saved.body.message).toBe(201);
  await addThroughApi(token, kurta, sizesInStock(kurta)[0]!, 2);
  const cart = await addThroughApi(token, other, sizesInStock(other)[0]!, 1);
  expect(cart.items).toHaveLength(2);
  const session = { [AUTH_TOKEN_STORAGE_NAME]: token };

  await test.step('/cart: every line with its quantity and price, and the totals', async () => {
    const page = await pageHtml('/cart', session);
    expectCartPage(page, cart);
    expectPersonal(page);
  });

  await test.step('/checkout: the order summary, the subtotal and the saved address', async () => {
    const page = await pageHtml('/checkout', session);
    expect(page.status).toBe(200);
    expectPersonal(page);
    expect(chunks(page.html, 'summary-line')).toHaveLength(cart.items.length);
    for (const item of cart.items) {
      const text = lineText(page.html, 'summary-line', item);
      expect(text).toContain(`Qty ${item.quantity}`);
      expect(text).toContain(formatPrice(item.lineTotal));
    }
    expect(testIdTexts(page.html, 'subtotal')).toEqual([formatPrice(cart.totalAmount)]);
    expect(page.text).toContain(`${ADDRESS.firstName} ${ADDRESS.lastName}`);
    expect(page.text).toContain(`${ADDRESS.street}, ${ADDRESS.city}, ${ADDRESS.state} ${ADDRESS.postalCode}`);
    expect(page.text).toContain(`Mobile: ${ADDRESS.phone}`);
    // The payment choices are there too, though not yet to be clicked.
    expect(page.text).toContain('Payment method');
    expect(page.text).toContain('Cash on delivery');
    expect(page.text).not.toContain('Log in to check out');
    expect(page.text).not.toContain('Loading your addresses');
  });

  await test.step("someone else's session sees none of it", async () => {
    const stranger = await registerThroughApi(newShopper('server-html-other', 'Ravi Kumar'));
    const cartPage = await pageHtml('/cart', { [AUTH_TOKEN_STORAGE_NAME]: stranger });
    const checkoutPage = await pageHtml('/checkout', { [AUTH_TOKEN_STORAGE_NAME]: stranger });
    for (const page of [cartPage, checkoutPage]) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(kurta.name);
      expect(page.text).not.toContain(other.name);
      expect(page.text).not.toContain(ADDRESS.street);
      expect(page.text).not.toContain(ADDRESS.postalCode);
    }
    expect(cartPage.text).toContain('Your cart is empty');
  });
});

test("a guest's cart, found by the guestId cookie, is in the cart HTML; without it there is none", async () => {
  const [kurta, other] = await twoProducts();
  const guestId = `guest_${Array.from({ length: 25 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('')}`;
  let cart: Cart | undefined;
  for (const [product, quantity] of [
    [kurta, 3],
    [other, 1],
  ] as const) {
    const res = await fetch(`${API_URL}/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product.id, variantId: sizesInStock(product)[0]!.id, quantity, guestId }),
    });
    const body = (await res.json()) as { message?: string; data: { cart: Cart } };
    expect(res.status, body.message).toBe(200);
    cart = body.data.cart;
  }
  expect(cart!.items).toHaveLength(2);

  await test.step('/cart with the guestId cookie: the lines and totals', async () => {
    const page = await pageHtml('/cart', { guestId });
    expectCartPage(page, cart!);
    expectPersonal(page);
  });

  await test.step('/checkout with the guestId cookie: "Log in to check out" beside the lines', async () => {
    const page = await pageHtml('/checkout', { guestId });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Log in to check out');
    expect(chunks(page.html, 'summary-line')).toHaveLength(2);
    expect(testIdTexts(page.html, 'subtotal')).toEqual([formatPrice(cart!.totalAmount)]);
  });

  await test.step('another guest, or none, sees an empty cart', async () => {
    const otherGuest: Record<string, string> = { guestId: guestId.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) };
    for (const cookies of [otherGuest, {}]) {
      const page = await pageHtml('/cart', cookies);
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(kurta.name);
      expect(page.text).toContain('Your cart is empty');
    }
  });
});
