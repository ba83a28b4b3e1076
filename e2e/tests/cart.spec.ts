/**
 * The cart in headless Chromium: a guest adds two sizes of a product, changes a quantity on
 * the cart page and sees the totals follow; a second tab of the same browser shows the same
 * cart and follows changes made in the first; logging in merges the guest's lines into the
 * user's cart, and logging out empties the stored cart. Then the recently viewed strip lists
 * the products opened, newest first; and the API's stock message shows as an error toast.
 * Screenshots of the cart page at both widths, axe on the cart page.
 */
import {
  CART_MESSAGES,
  MAX_LINE_QUANTITY,
  formatPrice,
  onlyLeftInStock,
  type Cart,
  type ProductDetail,
} from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { LoginModal, accountMenuButton, logOut } from '../support/accounts';
import {
  addThroughApi,
  addToCart,
  cartLabel,
  cartLine,
  cartLink,
  cartOfUser,
  chooseSize,
  expectTotals,
  productsWithSizes,
  sizesInStock,
} from '../support/cart';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';

/** The cart this browser keeps in storage (behaviour.md §3: the `cart` key), as the cart page shows it. */
async function storedCart(page: Page): Promise<Cart | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('cart');
    return raw ? (JSON.parse(raw) as Cart) : null;
  });
}

test('a guest fills the cart, a second tab agrees, and logging in merges it into the user cart', async ({
  page,
  context,
  browser,
  shopper,
}) => {
  const [shirt, other] = await productsWithSizes('categories=tshirts&sort=rating&limit=30', 2, 2);
  const [firstSize, secondSize] = sizesInStock(shirt!);
  const main = page.getByRole('main');

  await test.step('a size must be chosen before adding', async () => {
    await page.goto(`/shop/product/${shirt!.id}`);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(0));
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(main.getByText(CART_MESSAGES.variantRequired)).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(0));
  });

  await test.step('add two sizes as a guest', async () => {
    await chooseSize(page, firstSize!.size);
    await expect(main.getByText(CART_MESSAGES.variantRequired)).toBeHidden();
    await addToCart(page, CART_MESSAGES.added);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(1));
    await chooseSize(page, secondSize!.size);
    await page.getByLabel('Quantity').selectOption('2');
    await addToCart(page, CART_MESSAGES.added);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(3));
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    const guestId = await page.evaluate(() => window.localStorage.getItem('guestId'));
    expect(guestId).toMatch(/^guest_[a-z0-9]{25}$/);
    const stored = await storedCart(page);
    expect(stored?.guestId).toBe(guestId);
    expect(stored?.items.map((i) => [i.variant.size, i.quantity]).sort()).toEqual(
      [
        [firstSize!.size, 1],
        [secondSize!.size, 2],
      ].sort(),
    );
  });

  await test.step('the cart page lists both sizes with their prices and totals', async () => {
    await cartLink(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(main.getByRole('heading', { level: 1, name: /Shopping cart/ })).toBeVisible();
    await expect(main.getByTestId('cart-line')).toHaveCount(2);
    const line = cartLine(page, shirt!, firstSize!.size);
    await expect(line.getByRole('link', { name: shirt!.name })).toHaveAttribute('href', `/shop/product/${shirt!.id}`);
    await expect(line).toContainText(`Size ${firstSize!.size}`);
    await expect(line).toContainText(`Colour ${firstSize!.color}`);
    await expect(line).toContainText(formatPrice(firstSize!.price));
    await expect(line.getByTestId('quantity')).toHaveText(/1$/);
    const stored = (await storedCart(page))!;
    expect(stored.totalAmount).toBe(firstSize!.price + 2 * secondSize!.price);
    await expectTotals(page, stored);
    await expectNoSeriousA11yViolations(page);
    await screenshotBothWidths(browser, '/cart', 'cart', { storageState: await context.storageState() });
  });

  await test.step('a quantity changed with + changes the totals', async () => {
    const line = cartLine(page, shirt!, firstSize!.size);
    await line.getByRole('button', { name: `Increase quantity of ${shirt!.name}, size ${firstSize!.size}` }).click();
    await expect(line.getByTestId('quantity')).toHaveText(/2$/);
    await expect(page.getByTestId('total-amount')).toHaveText(
      formatPrice(2 * firstSize!.price + 2 * secondSize!.price),
    );
    await expect(page.getByRole('status').filter({ hasText: `is now 2` })).toBeAttached();
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(4));
    await expectTotals(page, (await storedCart(page))!);
  });

  const second = await context.newPage();
  await test.step('a second tab shows the same cart, and follows changes made in the first', async () => {
    await second.goto('/cart');
    await expect(cartLink(second)).toHaveAccessibleName(cartLabel(4));
    await expect(second.getByTestId('cart-line')).toHaveCount(2);
    await expect(cartLine(second, shirt!, secondSize!.size).getByTestId('quantity')).toHaveText(/2$/);

    const line = cartLine(page, shirt!, secondSize!.size);
    await line.getByRole('button', { name: `Decrease quantity of ${shirt!.name}, size ${secondSize!.size}` }).click();
    await expect(line.getByTestId('quantity')).toHaveText(/1$/);
    // No reload: the second tab re-reads the stored cart every second.
    await expect(cartLink(second)).toHaveAccessibleName(cartLabel(3));
    await expect(cartLine(second, shirt!, secondSize!.size).getByTestId('quantity')).toHaveText(/1$/);
    await expect(second.getByTestId('total-amount')).toHaveText(formatPrice(2 * firstSize!.price + secondSize!.price));
  });

  await test.step('logging in merges the guest lines into the user cart', async () => {
    const { token } = shopper;
    const [otherSize] = sizesInStock(other!);
    await addThroughApi(token, other!, otherSize!, 1);

    await page.goto(`/shop/product/${other!.id}`);
    const modal = new LoginModal(page);
    await modal.open();
    await modal.fill(shopper);
    await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    // 2 + 1 pieces of the guest's shirt and the user's own piece.
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(4));
    expect(await page.evaluate(() => window.localStorage.getItem('guestId'))).toBeNull();

    const merged = await cartOfUser(token);
    expect(merged.itemCount).toBe(4);
    expect(merged.items.map((i) => i.variantId).sort()).toEqual([firstSize!.id, secondSize!.id, otherSize!.id].sort());
    await cartLink(page).click();
    await expect(main.getByTestId('cart-line')).toHaveCount(3);
    await expectTotals(page, merged);
    // The other tab follows the merged cart too.
    await expect(second.getByTestId('cart-line')).toHaveCount(3);
  });

  await test.step('logging out empties the stored cart; the next guest starts afresh', async () => {
    await logOut(page, shopper);
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(0));
    expect(await storedCart(page)).toBeNull();
    await expect(main.getByText('Your cart is empty')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    const visited = (await context.cookies()).find((c) => c.name === 'visitedProducts');
    expect(visited).toBeUndefined();
  });
});

test('the recently viewed strip lists the products opened, newest first', async ({ page, context }) => {
  const products: ProductDetail[] = await productsWithSizes('categories=jeans&limit=10', 1, 3);
  const strip = page.getByRole('region', { name: 'Recently viewed' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
  await expect(strip).toHaveCount(0);

  for (const product of products) {
    await page.goto(`/shop/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // The view is noted once the page is live in the browser.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'recentlyViewed')?.value ?? '')
      .toContain(product.id);
  }
  const newestFirst = [...products].reverse().map((p) => p.name);

  await page.goto('/');
  await expect(strip.getByRole('heading', { level: 3 })).toHaveText(newestFirst);

  // On a product page the strip leaves out the product itself; opening it moves it to the front.
  await page.goto(`/shop/product/${products[0]!.id}`);
  await expect(strip.getByRole('heading', { level: 3 })).toHaveText(newestFirst.slice(0, 2));
  // The view is noted once the page is live: wait for it before leaving, or the move is lost.
  await expect
    .poll(async () => {
      const value = (await context.cookies()).find((c) => c.name === 'recentlyViewed')?.value ?? '[]';
      return (JSON.parse(decodeURIComponent(value)) as { id: string }[])[0]?.id;
    })
    .toBe(products[0]!.id);
  await page.goto('/');
  await expect(strip.getByRole('heading', { level: 3 })).toHaveText([products[0]!.name, ...newestFirst.slice(0, 2)]);

  const cookie = (await context.cookies()).find((c) => c.name === 'recentlyViewed')!;
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThanOrEqual(7);
  const visited = (await context.cookies()).find((c) => c.name === 'visitedProducts')!;
  const entries = JSON.parse(decodeURIComponent(visited.value)) as { productId: string; timestamp: string }[];
  // A product is added once, at its first visit.
  expect(entries.map((e) => e.productId)).toEqual([...products].reverse().map((p) => p.id));
});

test("adding more than is left shows the API's stock message", async ({ page }) => {
  const [product] = await productsWithSizes('categories=kurtas&limit=20', 1, 1);
  const [variant] = sizesInStock(product!);
  const most = Math.min(variant!.stock, MAX_LINE_QUANTITY);
  await page.goto(`/shop/product/${product!.id}`);
  await chooseSize(page, variant!.size);
  const quantity = page.getByLabel('Quantity');
  await expect(quantity.getByRole('option')).toHaveCount(most);
  await quantity.selectOption(String(most));
  await addToCart(page, CART_MESSAGES.added);
  await page.getByLabel('Quantity').selectOption('1');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const message =
    variant!.stock >= MAX_LINE_QUANTITY ? CART_MESSAGES.quantityTooLarge : onlyLeftInStock(variant!.stock);
  await expect(page.getByRole('status').filter({ hasText: message })).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName(cartLabel(most));
});
