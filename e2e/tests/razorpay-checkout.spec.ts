/**
 * Paying with Razorpay in headless Chromium (behaviour.md §12 gateways), against the Razorpay
 * stand-in (support/razorpay-standin.ts): the store offers Razorpay first and the sandbox
 * beside it; the shopper picks Razorpay at checkout and places the order; the checkout page then
 * loads checkout.js (the stand-in's, only now) and opens the modal, which pays and hands back an
 * answer signed as Razorpay signs it; the API checks the signature and Razorpay's API and the
 * confirmation says the payment was received. When checkout.js cannot load, the shopper lands on
 * the API's Razorpay page, which says so and keeps a button to try again (axe-clean). The store's
 * gateways are put back after.
 */
import type { StoreSettings } from '@vastra/contracts';
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { operatorCall } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage, ConfirmationPage, ordersOf } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { WEB_PORT } from '../support/stack';

let before: StoreSettings;

test.beforeAll(async () => {
  const current = await operatorCall('GET', '/store-settings');
  expect(current.status, current.body.message).toBe(200);
  before = (current.body.data as unknown as { settings: StoreSettings }).settings;
  const saved = await operatorCall('PUT', '/store-settings', { ...before, paymentGateways: ['razorpay', 'sandbox'] });
  expect(saved.status, saved.body.message).toBe(200);
});

test.afterAll(async () => {
  const restored = await operatorCall('PUT', '/store-settings', before);
  expect(restored.status, restored.body.message).toBe(200);
});

test('a shopper pays with Razorpay in its checkout and lands on the confirmation, paid', async ({ page, shopper }) => {
  const [product] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  await addThroughApi(shopper.token, product!, size!, 1);
  const checkout = new CheckoutPage(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/checkout.js')) scripts.push(page.url());
  });

  await test.step('Razorpay is offered first at checkout', async () => {
    await page.goto('/auth/login?next=/checkout');
    await logInOnPage(page, shopper);
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await checkout.goto();
    await expect(checkout.paymentMethod('Razorpay')).toBeVisible();
    await checkout.typeAddress({ phone: '9123456780', postalCode: '560001', street: '4 Residency Road' });
    await expect(checkout.state).toHaveValue('Karnataka');
    await checkout.paymentMethod('Razorpay').check();
  });

  await test.step('the store’s Razorpay page pays in the modal and the confirmation says paid', async () => {
    await checkout.placeOrder.click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const [order] = await ordersOf(shopper.token);
    expect(order!.paymentGateway).toBe('razorpay');
    const confirmation = new ConfirmationPage(page);
    await confirmation.expectFor(order!, 'Payment received');
    // checkout.js was loaded once the order was placed, by the checkout page itself.
    expect(scripts).toEqual([`http://localhost:${WEB_PORT}/checkout`]);
    const [paid] = await ordersOf(shopper.token);
    expect(paid!.paymentStatus).toBe('completed');
  });
});

test('without checkout.js the shopper lands on the API’s Razorpay page, which says so and offers to try again', async ({
  page,
  shopper,
}) => {
  const [product] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  await addThroughApi(shopper.token, product!, size!, 1);
  // The stand-in's checkout.js is blocked, on the checkout page and on the Razorpay page.
  await page.route('**/v1/checkout.js', (route) => route.abort());
  const checkout = new CheckoutPage(page);
  await page.goto('/auth/login?next=/checkout');
  await logInOnPage(page, shopper);
  await expect(accountMenuButton(page, shopper)).toBeVisible();
  await checkout.goto();
  await checkout.typeAddress({ phone: '9123456781', postalCode: '560001', street: '5 Residency Road' });
  await expect(checkout.state).toHaveValue('Karnataka');
  await checkout.paymentMethod('Razorpay').check();
  await checkout.placeOrder.click();
  await expect(page).toHaveURL(/\/payments\/razorpay\/pay\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your order' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(/Razorpay could not be loaded/);
  await expect(page.getByRole('button', { name: 'Pay with Razorpay' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
