/**
 * A purchase in Hindi, end to end (docs/behaviour.md "Languages"), at a phone's width (390 px):
 * the Hindi home, a search for "कुर्ता" (found through the search synonyms), a kurta's page,
 * its size chart, add to cart, the cart, checkout with cash on delivery, the confirmation, the
 * order and the orders list, every step's Hindi texts asserted and axe clean; the language
 * switch on the product page keeps the page (to English and back); dates with Hindi months in
 * Western digits, prices as `₹ 1,299`; nothing scrolls sideways. Screenshots `hi-*-mobile.png`.
 */
import path from 'node:path';
import type { ProductDetail, Variant } from '@vastra/contracts';
import { expect, test, type Page } from '@playwright/test';
import { newShopper, registerThroughApi, saveAddressesThroughApi } from '../support/accounts';
import { productsWithSizes, sizesInStock } from '../support/cart';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { API_URL } from '../support/stack';

test.use({ viewport: { width: 390, height: 844 } });

/** Nothing of the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(import.meta.dirname, '../screenshots', `${name}-mobile.png`), fullPage: true });

/** A kurta with a size in stock and a size chart. */
async function kurtaWithChart(): Promise<{ kurta: ProductDetail; size: Variant }> {
  for (const product of await productsWithSizes('categories=kurtas&sort=price_asc&limit=30', 1, 5)) {
    if ((await fetch(`${API_URL}/products/${product.id}/size-chart`)).ok) {
      return { kurta: product, size: sizesInStock(product)[0]! };
    }
  }
  throw new Error('no kurta with a size chart in the test catalogue');
}

test('a shopper buys in Hindi: home, search, product, size chart, cart, checkout and the order', async ({ page }) => {
  const shopper = newShopper('hindi');
  const token = await registerThroughApi(shopper);
  await saveAddressesThroughApi(token, [['560001', 'Karnataka', 'Bengaluru']]);
  const { kurta, size } = await kurtaWithChart();
  const main = page.getByRole('main');

  await test.step('the Hindi login page logs in and goes home', async () => {
    await page.goto('/hi/auth/login?next=/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
    await expect(main.getByRole('heading', { level: 1, name: 'लॉग इन' })).toBeVisible();
    await main.getByLabel('ईमेल').fill(shopper.email);
    await main.getByLabel('पासवर्ड').fill(shopper.password);
    await main.getByRole('button', { name: 'लॉग इन', exact: true }).click();
    await expect(page).toHaveURL(/\/hi$/);
  });

  await test.step('the Hindi home', async () => {
    await expect(page.getByRole('link', { name: 'मुख्य सामग्री पर जाएँ' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText('पूरे भारत में डिलीवरी');
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hi-home');
  });

  await test.step('searching "कुर्ता" finds kurtas', async () => {
    const search = page.getByRole('banner').getByRole('combobox', { name: 'प्रोडक्ट खोजें' });
    await search.fill('कुर्ता');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/hi\/search\?q=/);
    const cards = main.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText(/kurta/i);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hi-search');
  });

  await test.step('the product page in Hindi, and the switch keeps the page', async () => {
    await page.goto(`/hi/shop/product/${kurta.id}`);
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByRole('button', { name: 'कार्ट में डालें' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'View in English' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/product/${kurta.id}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    await expect(main.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'हिन्दी में देखें (Hindi)' }).click();
    await expect(page).toHaveURL(new RegExp(`/hi/shop/product/${kurta.id}$`));
    await expect(main.getByRole('button', { name: 'कार्ट में डालें' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, 'hi-product');
  });

  await test.step('the size chart in Hindi', async () => {
    await main.getByRole('button', { name: 'साइज़ चार्ट' }).click();
    const dialog = page.getByRole('dialog', { name: /साइज़ चार्ट/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'सेंटीमीटर' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'इंच' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: path.join(import.meta.dirname, '../screenshots', 'hi-size-chart-mobile.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('a size into the cart', async () => {
    const radio = main
      .getByRole('group', { name: /^साइज़/ })
      .getByRole('radio', { name: new RegExp(`^${size.size}\\b`) });
    await expect(async () => {
      await radio.check({ force: true, timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await main.getByRole('button', { name: 'कार्ट में डालें' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'आइटम कार्ट में जुड़ गया' })).toBeVisible();
  });

  await test.step('the cart in Hindi', async () => {
    await page.goto('/hi/cart');
    await expect(main.getByRole('heading', { level: 1, name: /शॉपिंग कार्ट/ })).toBeVisible();
    await expect(main.getByRole('heading', { name: /कीमत का ब्योरा/ })).toBeVisible();
    await expect(page.getByTestId('total-amount')).toHaveText(/^₹ [\d,]+(\.\d\d)?$/);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hi-cart');
  });

  await test.step('checkout in Hindi, cash on delivery', async () => {
    await main.getByRole('link', { name: 'चेकआउट' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'चेकआउट' })).toBeVisible();
    await expect(main.getByRole('region', { name: /डिलीवरी पता/ })).toBeVisible();
    await expect(main.getByLabel('कूपन कोड')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'hi-checkout');
    const cod = main.getByRole('radio', { name: /कैश ऑन डिलीवरी/ });
    await expect(cod).toBeEnabled();
    await cod.check();
    await main.getByRole('button', { name: 'ऑर्डर करें' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'ऑर्डर हो गया' })).toBeVisible({ timeout: 20_000 });
    await expect(main.getByText(/कैश ऑन डिलीवरी: ऑर्डर पहुँचने पर ₹ [\d,]+/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
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
