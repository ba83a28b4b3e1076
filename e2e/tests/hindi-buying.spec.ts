/**
 * Buying in Hindi (docs/behaviour.md "Languages"): under /hi a shopper logs in, sees the cart and
 * checkout in Hindi, places a cash on delivery order, and reads the confirmation, the orders list
 * and the order in Hindi, dates with Hindi months and Western digits, prices as `₹ 1,299`. A
 * phone's width (390 px): long Hindi words do not push the page sideways. Screenshots
 * `hi-cart-mobile.png`, `hi-checkout-mobile.png`, `hi-order-mobile.png`.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newShopper, registerThroughApi, saveAddressesThroughApi } from '../support/accounts';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing of the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, '../screenshots', `${name}-mobile.png`), fullPage: true });

test('a shopper buys in Hindi: cart, checkout, confirmation and the order in Hindi', async ({ page }) => {
  const shopper = newShopper('hindi');
  const token = await registerThroughApi(shopper);
  await saveAddressesThroughApi(token, [['560001', 'Karnataka', 'Bengaluru']]);
  const [kurta] = await productsWithSizes('categories=kurtas&sort=price_asc&limit=30', 1, 1);
  await addThroughApi(token, kurta!, sizesInStock(kurta!)[0]!);
  const main = page.getByRole('main');

  await test.step('the Hindi login page logs in', async () => {
    await page.goto('/hi/auth/login?next=/cart');
    await expect(main.getByRole('heading', { level: 1, name: 'लॉग इन' })).toBeVisible();
    await main.getByLabel('ईमेल').fill(shopper.email);
    await main.getByLabel('पासवर्ड').fill(shopper.password);
    await main.getByRole('button', { name: 'लॉग इन', exact: true }).click();
    await expect(page).toHaveURL(/\/hi\/cart$/);
  });

  await test.step('the cart in Hindi', async () => {
    await expect(main.getByRole('heading', { level: 1, name: /शॉपिंग कार्ट/ })).toBeVisible();
    await expect(main.getByRole('heading', { name: /कीमत का ब्योरा/ })).toBeVisible();
    await expect(page.getByTestId('total-amount')).toHaveText(/^₹ [\d,]+(\.\d\d)?$/);
    await expectNoSidewaysScroll(page);
    await shot(page, 'hi-cart');
  });

  await test.step('checkout in Hindi, cash on delivery', async () => {
    await main.getByRole('link', { name: 'चेकआउट' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
    await expect(main.getByRole('region', { name: /डिलीवरी पता/ })).toBeVisible();
    await expect(main.getByLabel('कूपन कोड')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'hi-checkout');
    const cod = main.getByRole('radio', { name: /कैश ऑन डिलीवरी/ });
    await expect(cod).toBeEnabled();
    await cod.check();
    await main.getByRole('button', { name: 'ऑर्डर करें' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'ऑर्डर हो गया' })).toBeVisible({ timeout: 20_000 });
    await expect(main.getByText(/कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर ₹ [\d,]+/)).toBeVisible();
  });

  await test.step('the order in Hindi: status, date with a Hindi month in Western digits', async () => {
    await main.getByRole('link', { name: 'ऑर्डर देखें' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'ऑर्डर का ब्योरा' })).toBeVisible();
    await expect(main.getByTestId('order-status')).toHaveText('ऑर्डर हो गया');
    await expect(main.getByText(/^\d{1,2} \S+ \d{4}, \d{1,2}:\d\d (am|pm) को ऑर्डर किया · 1 आइटम$/)).toBeVisible();
    await expect(main.getByTestId('payment-status')).toHaveText('डिलीवरी पर नकद चुकाना है');
    await expectNoSidewaysScroll(page);
    await shot(page, 'hi-order');
    await page.goto('/hi/account/orders');
    await expect(main.getByRole('heading', { level: 1, name: 'ऑर्डर' })).toBeVisible();
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  });
});
