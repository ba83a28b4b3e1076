/**
 * The shopper's own pages arrive with their data in the server's HTML: no browser,
 * no JavaScript run. A shopper with two cash on delivery orders and two wishlist entries (made
 * through the API) fetches /account, /account/orders, /account/orders/{id}, the returns page and
 * /wishlist with their session cookie and finds their name and email, the order numbers, amounts
 * and lines, and the wishlist's product names and sizes in the markup (outside any script, so
 * data only passed to a client component does not count). Another shopper gets a 404 page for
 * the first one's order and never sees their data; a guest is sent to log in with ?next=. Every
 * such page is personal: never cached. In a browser, the same view shows before the store is
 * there with its controls disabled, and the store-backed island takes over without moving it;
 * a guest who logs in through /wishlist's prompt gets the page again from the server, with
 * their entries, and a removal there re-reads it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WISHLIST_MESSAGES, formatPrice, type Order, type ProductDetail } from '@vastra/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { LoginModal, logInOnPage, newShopper, registerThroughApi } from '../support/accounts';
import { placeOrderThroughApi } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { API_URL, WEB_PORT } from '../support/stack';

test.use({ shopperName: 'Nandini Kulkarni' });

/** The text of an HTML page as a reader sees it: no scripts, no tags or comments, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

type Fetched = { status: number; text: string; cacheControl: string; location: string };

/** GETs a storefront page as a browser with only this session cookie would, without following redirects. */
async function fetchPage(request: APIRequestContext, path: string, token: string | null): Promise<Fetched> {
  const res = await request.get(path, {
    headers: token ? { cookie: `auth_token=${token}` } : {},
    maxRedirects: 0,
  });
  return {
    status: res.status(),
    text: visibleText(await res.text()),
    cacheControl: res.headers()['cache-control'] ?? '',
    location: res.headers()['location'] ?? '',
  };
}

async function addToWishlistThroughApi(token: string, product: ProductDetail, variantId: string): Promise<void> {
  const res = await fetch(`${API_URL}/wishlist/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId: product.id, variantId }),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

test('the account, orders and wishlist pages carry the shopper’s data in their server HTML', async ({
  request,
  shopper,
}) => {
  const [kurta, shirt] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 2);
  const [tee] = await productsWithSizes('categories=tshirts&sort=rating&limit=30', 1, 1);
  const { token } = shopper;

  const orders: Order[] = [];
  for (const product of [kurta!, shirt!]) {
    await addThroughApi(token, product, sizesInStock(product)[0]!, 1);
    orders.push(await placeOrderThroughApi(token, '9876501234', 'cod'));
  }
  const wished = [
    { product: tee!, size: sizesInStock(tee!)[0]! },
    { product: kurta!, size: sizesInStock(kurta!).at(-1)! },
  ];
  for (const { product, size } of wished) await addToWishlistThroughApi(token, product, size.id);

  await test.step('/account shows the profile', async () => {
    const page = await fetchPage(request, '/account', token);
    expect(page.status).toBe(200);
    expect(page.text).toContain(shopper.name);
    expect(page.text).toContain(shopper.email);
    expect(page.cacheControl).toMatch(/private|no-store/);
  });

  await test.step('/account/orders lists both orders with their amounts', async () => {
    const page = await fetchPage(request, '/account/orders', token);
    expect(page.status).toBe(200);
    for (const order of orders) {
      expect(page.text).toContain(order.orderNumber);
      expect(page.text).toContain(formatPrice(order.totalAmount));
      expect(page.text).toContain(order.items[0]!.name);
    }
    expect(page.text).not.toContain('No orders yet');
    expect(page.cacheControl).toMatch(/private|no-store/);
  });

  const [first] = orders;
  await test.step('/account/orders/{id} shows the order’s lines, totals and timeline', async () => {
    const page = await fetchPage(request, `/account/orders/${first!.id}`, token);
    expect(page.status).toBe(200);
    expect(page.text).toContain(first!.orderNumber);
    expect(page.text).toContain(first!.items[0]!.name);
    expect(page.text).toContain(formatPrice(first!.items[0]!.total));
    expect(page.text).toContain(formatPrice(first!.totalAmount));
    expect(page.text).toContain('Timeline');
    expect(page.text).toContain('Cash on delivery');
    expect(page.cacheControl).toMatch(/private|no-store/);
  });

  await test.step('/account/returns says there are none yet', async () => {
    const page = await fetchPage(request, '/account/returns', token);
    expect(page.status).toBe(200);
    expect(page.text).toContain('No returns');
  });

  await test.step('/wishlist lists the entries with their sizes and prices', async () => {
    const page = await fetchPage(request, '/wishlist', token);
    expect(page.status).toBe(200);
    for (const { product, size } of wished) {
      expect(page.text).toContain(product.name);
      expect(page.text).toContain(`Size: ${size.size}`);
      expect(page.text).toContain(formatPrice(size.price));
    }
    expect(page.cacheControl).toMatch(/private|no-store/);
    // Price-drop mails need the shopper's consent: until given, the page links to the switch.
    expect(page.text).toContain('Turn on price-drop emails');
    const given = await fetch(`${API_URL}/account/consents/price_alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ given: true }),
    });
    expect(given.status).toBe(200);
    expect((await fetchPage(request, '/wishlist', token)).text).not.toContain('Turn on price-drop emails');
  });

  await test.step('another shopper gets a 404 for the order and sees none of the first one’s data', async () => {
    const other = await registerThroughApi(newShopper('server-html-other', 'Farhan Qureshi'));
    const page = await fetchPage(request, `/account/orders/${first!.id}`, other);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(first!.orderNumber);
    expect(page.text).not.toContain(shopper.name);
    const list = await fetchPage(request, '/account/orders', other);
    expect(list.status).toBe(200);
    for (const order of orders) expect(list.text).not.toContain(order.orderNumber);
    expect(list.text).toContain('No orders yet');
    const wishlist = await fetchPage(request, '/wishlist', other);
    for (const { product } of wished) expect(wishlist.text).not.toContain(product.name);
  });

  await test.step('a guest is sent to log in and back', async () => {
    const page = await fetchPage(request, '/account/orders', null);
    expect(page.status).toBe(307);
    expect(page.location).toMatch(/\/auth\/login\?next=%2Faccount%2Forders$/);
    const wishlist = await fetchPage(request, '/wishlist', null);
    expect(wishlist.status).toBe(200);
    expect(wishlist.text).toContain('My Wishlist');
    expect(wishlist.text).toContain(WISHLIST_MESSAGES.loginToView);
  });
});

/** A screenshot's path under e2e/screenshots (a page as the server sends it: no JavaScript ran). */
const screenshotPath = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots', `${name}-desktop.png`);

/**
 * How far the page below the header moved while it loaded (the sum of the scores of the layout
 * shifts of anything outside the header: the header's own account area is not these pages').
 */
async function layoutShiftBelowHeader(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        const header = document.querySelector('header');
        type Shift = PerformanceEntry & { value: number; sources?: { node?: Node | null }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.sources?.some((source) => source.node && !header?.contains(source.node))) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

test('before the store the pages show the server’s view with disabled controls; the islands take over in place', async ({
  browser,
  page,
  shopper,
}) => {
  const [kurta] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const { token } = shopper;
  await addThroughApi(token, kurta!, sizesInStock(kurta!)[0]!, 1);
  const order = await placeOrderThroughApi(token, '9876505678', 'cod');
  await addToWishlistThroughApi(token, kurta!, sizesInStock(kurta!)[0]!.id);
  const removeEntry = { name: `Remove ${kurta!.name} from wishlist` };

  await test.step('without JavaScript: the data, every control disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: `http://localhost:${WEB_PORT}` });
    await context.addCookies([{ name: 'auth_token', value: token, url: `http://localhost:${WEB_PORT}` }]);
    const still = await context.newPage();
    const main = still.getByRole('main');
    await still.goto(`/account/orders/${order.id}`);
    await expect(main.getByTestId('order-number')).toHaveText(order.orderNumber);
    await expect(main.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
    await still.screenshot({ path: screenshotPath('order-server-view'), fullPage: true });
    await still.goto('/account');
    await expect(main.getByLabel('Full name')).toHaveValue(shopper.name);
    await expect(main.getByLabel('Full name')).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await still.goto('/wishlist');
    await expect(main.getByRole('link', { name: kurta!.name })).toBeVisible();
    await expect(main.getByRole('button', removeEntry)).toBeDisabled();
    await still.screenshot({ path: screenshotPath('wishlist-server-view'), fullPage: true });
    await context.close();
  });

  await test.step('with JavaScript: the controls work once the island is there, and nothing moved', async () => {
    await page.goto(`/auth/login?next=${encodeURIComponent(`/account/orders/${order.id}`)}`);
    await logInOnPage(page, shopper);
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}$`));
    const main = page.getByRole('main');
    for (const [path, control] of [
      [`/account/orders/${order.id}`, main.getByRole('button', { name: 'Cancel order' })],
      ['/account', main.getByRole('button', { name: 'Save changes' })],
      ['/wishlist', main.getByRole('button', removeEntry)],
    ] as const) {
      await page.goto(path);
      await expect(control).toBeEnabled();
      expect(await layoutShiftBelowHeader(page), `layout shift below the header on ${path}`).toBeLessThan(0.01);
    }
  });
});

test('a guest on /wishlist who logs in through its prompt sees their entries, and removes one there', async ({
  page,
  shopper,
}) => {
  const [tee] = await productsWithSizes('categories=tshirts&sort=rating&limit=30', 1, 1);
  const { token } = shopper;
  await addToWishlistThroughApi(token, tee!, sizesInStock(tee!)[0]!.id);

  await page.goto('/wishlist');
  const main = page.getByRole('main');
  await expect(main.getByText(WISHLIST_MESSAGES.loginToView)).toBeVisible();
  await main.getByRole('button', { name: 'Login', exact: true }).click();
  const modal = new LoginModal(page);
  await expect(modal.dialog).toBeVisible();
  await modal.fill(shopper);
  await modal.submit.click();
  await expect(main.getByRole('link', { name: tee!.name })).toBeVisible();
  const remove = main.getByRole('button', { name: `Remove ${tee!.name} from wishlist` });
  await expect(remove).toBeEnabled();

  // Removed on the page: the toast, then the page as the server now has it.
  await remove.click();
  await expect(page.getByText(WISHLIST_MESSAGES.removed)).toBeVisible();
  await expect(main.getByText(WISHLIST_MESSAGES.empty)).toBeVisible();
  await expect(main.getByRole('link', { name: tee!.name })).toHaveCount(0);
});
