/**
 * The checkout prices an order with one POST /checkout/quote per change (docs/behaviour.md §4
 * Pricing): choosing another saved address, applying a coupon, applying a gift card and changing
 * a quantity each ask exactly one quote, and the checkout never calls /taxes/calculate or
 * /coupons/validate. Needs the API's POST /checkout/quote. The ₹ 2,000 gift card is issued for
 * the journey (the `giftCard` fixture) and only quoted, never spent.
 */
import type { Page, Request } from '@playwright/test';
import { logInOnPage, saveAddressesThroughApi } from '../support/accounts';
import { addThroughApi, cartLabel, cartLink, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';

/** The API calls the page makes, by path, from now on. */
function recordApiCalls(page: Page) {
  const calls: { method: string; path: string }[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.port === '9100') calls.push({ method: request.method(), path: url.pathname });
  };
  page.on('request', onRequest);
  return {
    quotes: () => calls.filter((c) => c.method === 'POST' && c.path === '/checkout/quote').length,
    pricingCalls: () => calls.filter((c) => c.path === '/taxes/calculate' || c.path === '/coupons/validate').length,
  };
}

/** Waits until the page has had time to ask whatever it would ask (the quote answers in well under this). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('the checkout asks one quote per change of address, coupon, gift card and quantity', async ({
  page,
  shopper,
  giftCard,
}) => {
  const [product] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  const { token } = shopper;
  const card = await giftCard(2000);
  await saveAddressesThroughApi(token, [
    ['560001', 'Karnataka', 'Bengaluru'],
    ['110001', 'Delhi', 'New Delhi'],
  ]);
  await addThroughApi(token, product!, size!, 2);

  const checkout = new CheckoutPage(page);
  await page.goto('/auth/login?next=/checkout');
  await logInOnPage(page, shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(checkout.taxRow('CGST')).toBeVisible();
  await settle(page);
  const calls = recordApiCalls(page);

  await test.step('another saved address: one quote', async () => {
    await checkout.addressSection.getByRole('radio', { name: /110001/ }).check();
    await expect(checkout.taxRow('IGST')).toBeVisible();
    await settle(page);
    expect(calls.quotes()).toBe(1);
  });

  await test.step('a coupon: one quote', async () => {
    await checkout.applyCoupon('WELCOME10');
    await expect(checkout.summary.getByTestId('coupon-saving')).toBeVisible();
    await settle(page);
    expect(calls.quotes()).toBe(2);
  });

  await test.step('a gift card: one quote', async () => {
    await checkout.applyGiftCard(card);
    await expect(checkout.figure('gift-card-amount')).toBeVisible();
    await settle(page);
    expect(calls.quotes()).toBe(3);
  });

  await test.step('a quantity changed in the cart: one quote back at checkout', async () => {
    await cartLink(page).click();
    await page.getByRole('button', { name: `Increase quantity of ${product!.name}, size ${size!.size}` }).click();
    await expect(cartLink(page)).toHaveAccessibleName(cartLabel(3));
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(checkout.figure('gift-card-amount')).toBeVisible();
    await settle(page);
    expect(calls.quotes()).toBe(4);
  });

  expect(calls.pricingCalls(), 'the checkout prices through the quote alone').toBe(0);
});
