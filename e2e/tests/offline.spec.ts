/**
 * The installable storefront on a weak network (docs/behaviour.md "Offline and installing the
 * app"; the worker's rules in docs/architecture.md "Service worker"): once the service worker
 * controls the page, a product page seen before opens offline with the offline notice, in
 * English and Hindi; one never seen shows the offline page; and nothing of the shopper (their
 * account, cart, sign-in pages, API answers, or a page rendered for their session) is stored.
 */
import type { ProductSearchResult } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { api } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

test.use({ shopperName: 'Kavya Offline', serviceWorkers: 'allow' });

/**
 * GET with the page's cookies on a connection of its own: a kept-alive one, idle while the
 * journey went on, may be closed by the server just as it is reused (ECONNRESET).
 */
function fetchFresh(page: Page, path: string) {
  return page.request.get(path, { headers: { connection: 'close' } });
}

/** Waits until the service worker is active and controls this page. */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/**
 * Fires the browser's `beforeinstallprompt` at the page, as Chromium does when the app can be
 * installed; its prompt() does nothing here.
 */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => {} });
    window.dispatchEvent(event);
  });
}

/** Every stored request of every cache the page's origin has, as [cache, URL]. */
function storedRequests(page: Page): Promise<[string, string][]> {
  return page.evaluate(async () => {
    const out: [string, string][] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) out.push([name, request.url]);
    }
    return out;
  });
}

/** The text of every stored page (HTML) response. */
function storedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        if (response?.headers.get('content-type')?.includes('text/html')) texts.push(await response.text());
      }
    }
    return texts;
  });
}

test('seen pages open offline with a notice, unseen ones show the offline page, nothing personal is kept', async ({
  page,
  context,
  shopper,
}) => {
  const { products } = await api<ProductSearchResult>('/products/search?limit=2');
  const [seen, unseen] = products;
  const seenUrl = `/shop/product/${seen!.id}`;

  await page.goto(seenUrl);
  // Installable: the manifest is linked and names the store, its icons and colour.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /\/manifest\.webmanifest/);
  const manifest = (await (await fetchFresh(page, '/manifest.webmanifest')).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: 'Vastra', start_url: '/', display: 'standalone', theme_color: '#8a1a42' });
  expect((manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  await controlledByServiceWorker(page);
  // The install offer (the browser's event, faked: Chromium here never finds the app installable
  // by itself) is not made in the first visit, is made in the second, and only once.
  const installOffer = (p: Page) => p.getByRole('region', { name: 'Add the shop to your home screen' });
  await offerInstall(page);
  await expect(installOffer(page)).toHaveCount(0);
  const secondVisit = await context.newPage();
  await secondVisit.goto('/');
  await secondVisit.waitForFunction(() => localStorage.getItem('vastra.installOffer')?.includes('"visits":2'));
  await offerInstall(secondVisit);
  await expect(installOffer(secondVisit)).toBeVisible();
  await secondVisit.getByRole('button', { name: 'Not now' }).click();
  await expect(installOffer(secondVisit)).toHaveCount(0);
  await secondVisit.close();
  const thirdVisit = await context.newPage();
  await thirdVisit.goto('/');
  await thirdVisit.waitForFunction(() => localStorage.getItem('vastra.installOffer')?.includes('"visits":3'));
  await offerInstall(thirdVisit);
  await expect(installOffer(thirdVisit)).toHaveCount(0);
  await thirdVisit.close();

  // Now through the worker: the English and Hindi copies are kept.
  await page.goto(seenUrl);
  await page.goto(`/hi${seenUrl}`);
  await expect(page.getByRole('heading', { level: 1, name: seen!.name })).toBeVisible();

  // A guest with a cart: the layout renders that cart, so the page is marked personal and not stored.
  await context.addCookies([{ name: 'guestId', value: `guest_${'a'.repeat(25)}`, domain: 'localhost', path: '/' }]);
  expect((await fetchFresh(page, '/shop')).headers()['x-vastra-personal'], "a guest's page is marked personal").toBe(
    '1',
  );
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Signed in: the shopper's pages, and a catalogue page rendered for them, are never stored.
  await context.addCookies([
    { name: 'auth_token', value: shopper.token, domain: 'localhost', path: '/', httpOnly: true },
  ]);
  const personal = await fetchFresh(page, seenUrl);
  expect(personal.headers()['x-vastra-personal'], 'a signed-in page is marked personal').toBe('1');
  expect(await personal.text()).toContain(shopper.name);
  for (const path of ['/account', '/cart', '/wishlist', '/checkout', seenUrl]) await page.goto(path);
  await expect(page.getByRole('banner')).toContainText(shopper.name.split(' ')[0]!);
  // The offline page the worker precaches is rendered as for a guest even with the session cookie.
  expect(await (await fetchFresh(page, '/offline')).text()).not.toContain(shopper.name);

  const stored = await storedRequests(page);
  expect(
    stored.some(([, url]) => new URL(url).pathname === seenUrl),
    'the product page is stored',
  ).toBe(true);
  expect(
    stored.some(([, url]) => new URL(url).pathname === '/shop'),
    'the page a guest with a cart opened is not stored',
  ).toBe(false);
  expect(
    stored.some(([, url]) => new URL(url).pathname === '/hi/offline'),
    'the Hindi offline page is precached',
  ).toBe(true);
  const personalUrls = stored.filter(
    ([, url]) =>
      /\/(account|cart|checkout|auth|wishlist)(\/|$|\?)/.test(new URL(url).pathname) ||
      url.startsWith(PUBLIC_API_URL) ||
      new URL(url).pathname.startsWith('/api/') ||
      new URL(url).searchParams.has('_rsc'),
  );
  expect(personalUrls, 'no personal page, API answer or RSC payload stored').toEqual([]);
  const namingShopper = (await storedPages(page)).filter((html) => html.includes(shopper.name));
  expect(namingShopper.length, 'stored pages rendered for the signed-in shopper').toBe(0);

  await context.setOffline(true);
  await page.goto(seenUrl);
  await expect(page.getByRole('heading', { level: 1, name: seen!.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();

  await page.goto(`/shop/product/${unseen!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  await page.goto(`/hi${seenUrl}`);
  await expect(page.getByRole('heading', { level: 1, name: seen!.name })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'आप ऑफ़लाइन हैं।' })).toBeVisible();

  await page.goto(`/hi/shop/product/${unseen!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'आप ऑफ़लाइन हैं' })).toBeVisible();
});
