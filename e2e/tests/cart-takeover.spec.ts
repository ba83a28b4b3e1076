/**
 * The cart and checkout pages show the server's data at once and do not move when the browser's
 * store takes over (docs/architecture.md "Cart and checkout pages"): with the code that comes
 * after the page held back, the lines, the amounts and the saved address are on screen and
 * their controls disabled (a click is never silently lost); once the code is there the same
 * things stand in the same places, now enabled.
 */
import { formatPrice } from '@vastra/contracts';
import type { Locator, Page } from '@playwright/test';
import { apiPost, logInOnPage } from '../support/accounts';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { WEB_PORT } from '../support/stack';

/** Holds back every script the page's HTML does not load itself (the store and the islands) until `release`. */
async function holdLateScripts(page: Page, pathname: string, cookie: string): Promise<() => void> {
  const html = await (await fetch(`http://localhost:${WEB_PORT}${pathname}`, { headers: { cookie } })).text();
  const early = new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (!early.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  return release;
}

/** Where each of these stands on the page. */
async function boxes(locators: Locator[]) {
  return Promise.all(locators.map(async (l) => (await l.boundingBox())!));
}

test('the cart and checkout show the server data first, controls disabled, and stay put when the island takes over', async ({
  page,
  shopper,
}) => {
  const [kurta] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const size = sizesInStock(kurta!)[0]!;
  const { token } = shopper;
  const saved = await apiPost(
    '/addresses',
    {
      firstName: 'Meera',
      lastName: 'Iyer',
      street: '7 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      postalCode: '700016',
      country: 'India',
      phone: '9876501234',
      isDefault: true,
    },
    token,
  );
  expect(saved.status, saved.body.message).toBe(201);
  const cart = await addThroughApi(token, kurta!, size, 2);
  const main = page.getByRole('main');
  // Logged in as a shopper is: the session cookie, and the browser's store knowing it.
  await page.goto('/auth/login?next=/cart');
  await logInOnPage(page, shopper);
  await expect(page).toHaveURL(/\/cart$/);

  await test.step('/cart', async () => {
    const release = await holdLateScripts(page, '/cart', `auth_token=${token}`);
    await page.goto('/cart', { waitUntil: 'domcontentloaded' });
    const line = main.getByTestId('cart-line');
    const plus = main.getByRole('button', { name: `Increase quantity of ${kurta!.name}, size ${size.size}` });
    const watched = [main.getByRole('heading', { level: 1 }), line, main.getByTestId('total-amount'), plus];
    await expect(line).toContainText(kurta!.name);
    await expect(main.getByTestId('total-amount')).toHaveText(formatPrice(cart.totalAmount));
    await expect(plus).toBeDisabled();
    const before = await boxes(watched);
    release();
    await expect(plus).toBeEnabled();
    expect(await boxes(watched)).toEqual(before);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  await test.step('/checkout', async () => {
    const release = await holdLateScripts(page, '/checkout', `auth_token=${token}`);
    await page.goto('/checkout', { waitUntil: 'domcontentloaded' });
    const address = main.getByRole('radio', { name: /Meera Iyer/ });
    const placeOrder = main.getByRole('button', { name: 'Place order' });
    const watched = [main.getByTestId('summary-line'), main.getByTestId('subtotal'), address];
    await expect(main.getByTestId('summary-line')).toContainText(kurta!.name);
    await expect(main.getByText('7 Park Street, Kolkata, West Bengal 700016')).toBeVisible();
    await expect(address).toBeChecked();
    await expect(address).toBeDisabled();
    await expect(placeOrder).toBeDisabled();
    const before = await boxes(watched);
    release();
    await expect(address).toBeEnabled();
    await expect(placeOrder).toBeEnabled();
    expect(await boxes(watched)).toEqual(before);
  });
});
