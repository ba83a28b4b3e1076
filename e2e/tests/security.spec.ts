/**
 * The browser session and the storefront's headers (behaviour.md §6, §13), in headless
 * Chromium against the real stack:
 * - after logging in through the modal, no script can find the session: not in
 *   `document.cookie`, `localStorage` or `sessionStorage` (neither the httpOnly cookie's token
 *   nor anything shaped like a JWT), and the browser sends no bearer; yet the account pages,
 *   the cart, the wishlist and checkout with the sandbox payment page all work on the cookie;
 * - no page of that journey reports a CSP violation or a console error;
 * - `/auth/login?next=` never leads off the store, whatever the spelling;
 * - every page carries the security headers, with a nonce-based policy Next's scripts follow.
 */
import { CART_MESSAGES, WISHLIST_MESSAGES } from '@vastra/contracts';
import type { BrowserContext, Page } from '@playwright/test';
import { LoginModal, accountMenuButton, logInOnPage, loginThroughApi, type Shopper } from '../support/accounts';
import { addToCart, cartLabel, cartLink, chooseSize, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage, ConfirmationPage, SandboxPaymentPage, ordersOf } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { PUBLIC_API_URL, RAZORPAY_PORT, WEB_PORT } from '../support/stack';

const STORE = `http://localhost:${WEB_PORT}`;
const JWT_SHAPED = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/;

/** What the pages of a context did that they must not: CSP violations, console errors, bearers sent. */
type Watch = { violations: string[]; consoleErrors: string[]; bearers: string[] };

/**
 * Watches every page of the context: `securitypolicyviolation` events (reported from an init
 * script, so none is missed before the page's own scripts run), console errors and uncaught
 * errors, and any request to the API carrying an Authorization header.
 */
async function watch(context: BrowserContext): Promise<Watch> {
  const seen: Watch = { violations: [], consoleErrors: [], bearers: [] };
  await context.exposeBinding('__reportCspViolation', ({ page }, report: string) => {
    seen.violations.push(`${page.url()}: ${report}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(`${message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) => seen.consoleErrors.push(`uncaught: ${error.error().message}`));
  context.on('request', (request) => {
    if (request.url().startsWith(PUBLIC_API_URL) && request.headers().authorization) seen.bearers.push(request.url());
  });
  return seen;
}

/** Everything a script on the page can read of cookies and web storage, as one text. */
async function scriptReadableState(page: Page): Promise<string> {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i)!).map((k) => `${k}=${storage.getItem(k)}`);
    return [document.cookie, ...dump(window.localStorage), ...dump(window.sessionStorage)].join('\n');
  });
}

/** The session token of the API's httpOnly cookie, as the browser holds it. */
async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(PUBLIC_API_URL)).find((c) => c.name === 'auth_token');
  expect(cookie, 'the auth_token cookie after logging in').toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  return cookie!.value;
}

async function expectNothingReadable(page: Page, token: string): Promise<void> {
  const readable = await scriptReadableState(page);
  expect(readable.includes(token), `the session token is readable by scripts:\n${readable}`).toBe(false);
  expect(readable).not.toMatch(JWT_SHAPED);
}

async function logInThroughModal(page: Page, shopper: Shopper): Promise<void> {
  const modal = new LoginModal(page);
  await modal.open();
  await modal.fill(shopper);
  await modal.submit.click();
  await expect(modal.dialog).toBeHidden();
  await expect(accountMenuButton(page, shopper)).toBeVisible();
}

test('logged in through the modal, no script can read the session, and the account, cart, wishlist and checkout work on the cookie', async ({
  page,
  context,
  shopper,
}) => {
  test.setTimeout(120_000);
  const seen = await watch(context);
  const [kurta, shirt] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 2);
  const [size] = sizesInStock(kurta!);
  const main = page.getByRole('main');

  await test.step('a guest browses the home page, the shop and a product, and fills the cart', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    await page.goto('/shop');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.goto(`/shop/product/${kurta!.id}`);
    await chooseSize(page, size!.size);
    await addToCart(page, CART_MESSAGES.added);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(1));
  });

  let token = '';
  await test.step('logging in through the modal leaves no token where a script can read it', async () => {
    await logInThroughModal(page, shopper);
    token = await sessionToken(context);
    // A product opened while logged in is noted in the visited products cookie.
    await page.goto(`/shop/product/${shirt!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: shirt!.name })).toBeVisible();
    await expect
      .poll(async () => (await context.cookies(STORE)).find((c) => c.name === 'visitedProducts')?.value ?? '')
      .toContain(shirt!.id);
    await expectNothingReadable(page, token);
  });

  await test.step('the account pages answer on the cookie', async () => {
    await page.goto('/account');
    await expect(main.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(main.getByText(shopper.email)).toBeVisible();
    await page.goto('/account/orders');
    await expect(main.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
  });

  await test.step('the wishlist answers on the cookie', async () => {
    await page.goto('/shop');
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByRole('link').innerText()).trim();
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText(WISHLIST_MESSAGES.added)).toBeVisible();
    await page.goto('/wishlist');
    await expect(main.getByRole('link', { name })).toBeVisible();
  });

  await test.step('the cart (merged at login) and checkout with the sandbox payment page answer on the cookie', async () => {
    await page.goto('/cart');
    await expect(main.getByTestId('cart-line')).toHaveCount(1);
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.typeAddress({ phone: '9876543210', postalCode: '560001', street: '12 MG Road, Shivajinagar' });
    await expect(checkout.state).toHaveValue('Karnataka');
    await checkout.paymentMethod('Pay online (test gateway)').check();
    await checkout.placeOrder.click();
    await expect(page).toHaveURL(/\/payments\/sandbox\//);
    const [order] = await ordersOf(await loginThroughApi(shopper));
    const sandbox = new SandboxPaymentPage(page);
    await sandbox.expectOpen(order!.orderNumber);
    await sandbox.choose('Success');
    await new ConfirmationPage(page).expectFor(order!, 'Payment received');
    await page.goto('/account/orders');
    await expect(main.getByTestId('order-row')).toHaveCount(1);
    await main.getByTestId('order-row').click();
    await expect(main.getByTestId('order-number')).toHaveText(order!.orderNumber);
  });

  await test.step('still nothing readable, no bearer sent, no CSP violation and no console error anywhere', async () => {
    await expectNothingReadable(page, token);
    expect(seen.bearers).toEqual([]);
    expect(seen.violations).toEqual([]);
    expect(seen.consoleErrors).toEqual([]);
  });
});

test('?next= after logging in never leaves the store', async ({ browser, shopper }) => {
  test.setTimeout(120_000);
  // Were the store to send the browser there, this page would answer instead of a DNS error.
  const offStore = async (context: BrowserContext) =>
    context.route(/^https?:\/\/evil\.example\//, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>evil.example</h1>' }),
    );
  for (const query of [
    'next=/%09/evil.example',
    `next=${encodeURIComponent('//evil.example')}`,
    `next=${encodeURIComponent('/\\evil.example')}`,
    `next=${encodeURIComponent('https://evil.example')}`,
    `next=${encodeURIComponent('javascript:alert(1)')}`,
  ]) {
    const context = await browser.newContext();
    await offStore(context);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await test.step(`logging in at /auth/login?${query}`, async () => {
      await page.goto(`/auth/login?${query}`);
      await logInOnPage(page, shopper);
      await expect(accountMenuButton(page, shopper)).toBeVisible();
      await expect(page).toHaveURL(`${STORE}/`);
    });
    await test.step(`arriving logged in at /auth/login?${query}`, async () => {
      await page.goto(`/auth/login?${query}`);
      await expect(page).toHaveURL(`${STORE}/`);
      await expect(accountMenuButton(page, shopper)).toBeVisible();
    });
    expect(dialogs).toEqual([]);
    await context.close();
  }
});

test('every page carries the security headers, and Next runs under the nonce-based policy', async ({
  page,
  context,
}) => {
  const seen = await watch(context);
  const response = await page.goto('/shop');
  const headers = response!.headers();
  const csp = headers['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce, csp).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  // Scripts: this response's nonce and what they load, and, as this stack offers Razorpay, its checkout script's origin.
  expect(csp).toMatch(
    new RegExp(`script-src 'self' 'nonce-[^']+' 'strict-dynamic' http://localhost:${RAZORPAY_PORT}(;|$)`),
  );
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  // Served over http here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  // Next put this response's nonce on its scripts, and the page came alive under the policy.
  const nonced = await page.evaluate(
    (expected) => Array.from(document.scripts).filter((s) => s.nonce === expected).length,
    nonce!,
  );
  expect(nonced).toBeGreaterThan(0);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  // Each response has its own nonce.
  const again = (await page.goto('/shop'))!.headers()['content-security-policy'];
  expect(again).not.toContain(`'nonce-${nonce}'`);
  expect(seen.violations).toEqual([]);
});
