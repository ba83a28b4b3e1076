/**
 * A product page on a phone-sized budget (docs/performance.md): no Redux, RTK Query or redux-persist code
 * is requested until the shopper does something that needs it, and the size, Add to cart and
 * the wishlist heart work on the first tap after load. The header shows the shopper (name,
 * cart count, wishlist count) from the server's HTML: a session cookie with empty browser
 * storage is logged in, and nothing flips from "Login" to the menu.
 */
import { WISHLIST_MESSAGES } from '@vastra/contracts';
import { loginThroughApi } from '../support/accounts';
import { cartLabel, cartLink, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { PUBLIC_API_URL } from '../support/stack';
import { recordScripts, storeScripts } from '../support/store-code';

test.use({ shopperName: 'Meera Iyer' });

test('a guest adds to the cart on the first tap, and the product page never loads the store', async ({ page }) => {
  const [product] = await productsWithSizes('limit=15', 2, 1);
  const size = sizesInStock(product!)[0]!.size;
  const scripts = recordScripts(page);

  await page.goto(`/shop/product/${product!.id}`);
  await page.waitForLoadState('networkidle');
  expect(scripts.length, 'the page loads its scripts').toBeGreaterThan(0);
  expect(await storeScripts(scripts), 'store code before any interaction').toEqual([]);

  // One check and one click: no retry loop (support/cart.ts chooseSize retries; this must not need it).
  const radio = page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: new RegExp(`^${size}\\b`) });
  await radio.check({ timeout: 5_000 });
  await expect(radio).toBeChecked();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Item added to cart' })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartLabel(1));
  expect(await storeScripts(scripts), 'store code after Add to cart').toEqual([]);

  // The server renders the guest's cart count (guestId cookie): no flash from empty to 1.
  const html = await (await page.request.get('/')).text();
  expect(html.includes(`aria-label="${cartLabel(1)}"`), 'the cart count is in the server HTML').toBe(true);
});

test('a shopper with only a session cookie is logged in from the first HTML and hearts a product on the first tap', async ({
  page,
  context,
  shopper,
}) => {
  const token = await loginThroughApi(shopper);
  // The session cookie alone: no localStorage, no persisted store (behaviour.md §4: fetching the current user logs in).
  await context.addCookies([
    { name: 'auth_token', value: token, domain: new URL(PUBLIC_API_URL).hostname, path: '/', httpOnly: true },
  ]);
  const [product] = await productsWithSizes('limit=15', 1, 1);
  const url = `/shop/product/${product!.id}`;

  const html = await (await page.request.get(url)).text();
  expect(html.includes(shopper.name), 'the account menu is in the server HTML').toBe(true);
  expect(/>Login<\/button>/.test(html), 'no Login button in the server HTML').toBe(false);

  const scripts = recordScripts(page);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: new RegExp(shopper.name) })).toBeVisible();
  expect(await storeScripts(scripts), 'store code before any interaction').toEqual([]);

  // The purchase panel's heart comes first in the page; similar products' cards have their own.
  const heart = page
    .getByRole('main')
    .getByRole('button', { name: /^(Add to|Remove from) wishlist$/ })
    .first();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAccessibleName('Remove from wishlist');
  await expect(page.getByRole('status').filter({ hasText: WISHLIST_MESSAGES.added })).toBeVisible();
  await expect(banner.getByRole('button', { name: /^Wishlist/ })).toHaveAccessibleName('Wishlist (1)');
  expect(await storeScripts(scripts), 'store code after the heart').toEqual([]);

  // A reload shows the heart pressed and the count from the server, before any script runs.
  const again = await (await page.request.get(url)).text();
  expect(again.includes('aria-pressed="true"'), 'the heart is pressed in the server HTML').toBe(true);
  expect(/Wishlist(<!-- -->)? \(1\)/.test(again), 'the wishlist count is in the server HTML').toBe(true);
});
