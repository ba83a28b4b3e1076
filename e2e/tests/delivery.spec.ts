/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): "Check
 * delivery" on a product page answers the day and cash on delivery for a pincode, remembers the
 * pincode on the next page and in the cart, and the checkout says the same promise for the
 * chosen saved address. The expected days are read from the API the stack runs on. Axe on the
 * answered page; screenshots product-delivery-mobile/-desktop.png.
 */
import type { DeliveryEstimate } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { logInOnPage, saveAddressesThroughApi } from '../support/accounts';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { api, expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';

/** "Delivery by Thu, 3 Dec", as a shopper in India reads the API's date. */
async function promiseFor(pincode: string): Promise<{ line: string; estimate: DeliveryEstimate }> {
  const estimate = await api<DeliveryEstimate>(`/shipping/delivery-estimate?pincode=${pincode}`);
  const day = new Date(`${estimate.deliveryBy}T00:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return { line: `Delivery by ${day}`, estimate };
}

const checkDelivery = (page: Page) => page.getByRole('region', { name: 'Check delivery' });

test('Check delivery on a product page: the day and COD, the pincode remembered on the next page and in the cart', async ({
  page,
  browser,
  shopper,
}) => {
  const [product, other] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 2);
  const delhi = await promiseFor('110001');
  const islands = await promiseFor('744101');
  expect([delhi.estimate.codAvailable, islands.estimate.codAvailable]).toEqual([true, false]);

  await page.goto(`/shop/product/${product!.id}`);
  const section = checkDelivery(page);
  const answer = section.getByRole('status');
  await expect(section.getByLabel('Pincode')).toHaveValue('');

  await test.step('a pincode that is not 6 digits is refused before asking', async () => {
    await section.getByLabel('Pincode').fill('1100');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toHaveText('Please enter a 6-digit pincode.');
  });

  await test.step('New Delhi: the day, and cash on delivery available', async () => {
    await section.getByLabel('Pincode').fill('110001');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toContainText(`${delhi.line} to New Delhi, Delhi 110001`);
    await expect(answer).toContainText('Cash on delivery available');
    await expectNoSeriousA11yViolations(page);
  });

  await test.step('Port Blair: no cash on delivery', async () => {
    await section.getByLabel('Pincode').fill('744101');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(answer).toContainText(islands.line);
    await expect(answer).toContainText('Cash on delivery not available here');
  });

  await test.step('the next product page remembers the pincode and answers at once', async () => {
    await page.goto(`/shop/product/${other!.id}`);
    await expect(checkDelivery(page).getByLabel('Pincode')).toHaveValue('744101');
    await expect(checkDelivery(page).getByRole('status')).toContainText(islands.line);
  });

  await test.step('screenshots of the answer on the product page', async () => {
    await screenshotBothWidths(browser, `/shop/product/${product!.id}`, 'product-delivery', {
      prepare: async (shot) => {
        await checkDelivery(shot).getByLabel('Pincode').fill('110001');
        await checkDelivery(shot).getByRole('button', { name: 'Check' }).click();
        await expect(checkDelivery(shot).getByRole('status')).toContainText('Cash on delivery available');
        await checkDelivery(shot).scrollIntoViewIfNeeded();
      },
      fullPage: false,
    });
  });

  await test.step('so does the cart', async () => {
    const { token } = shopper;
    const [size] = sizesInStock(product!);
    await addThroughApi(token, product!, size!, 1);
    await page.goto('/auth/login?next=/cart');
    await logInOnPage(page, shopper);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(checkDelivery(page).getByLabel('Pincode')).toHaveValue('744101');
    await expect(checkDelivery(page).getByRole('status')).toContainText('Cash on delivery not available here');
  });
});

test('the checkout shows the same promise for the chosen address', async ({ page, shopper }) => {
  const [product] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  const { token } = shopper;
  await saveAddressesThroughApi(token, [
    ['560001', 'Karnataka', 'Bengaluru'],
    ['744101', 'Andaman and Nicobar Islands', 'Port Blair'],
  ]);
  await addThroughApi(token, product!, size!, 1);
  const bengaluru = await promiseFor('560001');
  const islands = await promiseFor('744101');

  const checkout = new CheckoutPage(page);
  await page.goto('/auth/login?next=/checkout');
  await logInOnPage(page, shopper);
  await expect(page).toHaveURL(/\/checkout$/);
  const promise = page.getByTestId('checkout-delivery');
  await expect(promise).toHaveText(`${bengaluru.line} to 560001. Cash on delivery available.`);

  await checkout.addressSection.getByRole('radio', { name: /744101/ }).check();
  await expect(promise).toHaveText(`${islands.line} to 744101. Cash on delivery not available here.`);
});
