/**
 * Shipping operations in the admin, in headless Chromium (docs/admin.md "Booking shipments";
 * behaviour.md "Shipping operations: booking"): ten paid orders to Mumbai (placed through the
 * API, from two shoppers) are selected in the orders list by their pincode; the owner books them
 * with Shiprocket (the stand-in, support/shiprocket-standin.ts) and reads ten AWBs, downloads
 * their labels as one PDF, schedules the pickup and marks them shipped; the shopper's order page
 * then reads Shipped with the AWB. Screenshot admin-shipping-booked-desktop.png of the results. Its own owner, shoppers and pincode (400001, which no other
 * journey ships to).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Order } from '@vastra/contracts';
import { accountMenuButton, logInOnPage, newShopper, registerThroughApi } from '../support/accounts';
import { placePaidOrderThroughApi, signInToAdmin } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { orderOf } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { OrderDetailPage } from '../support/orders';
import { PUBLIC_API_URL } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Farah Khan' });
const ADMIN = `${PUBLIC_API_URL}/admin`;
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const MUMBAI = { street: '21 Marine Drive', city: 'Mumbai', state: 'Maharashtra', postalCode: '400001' };

test('the owner books ten orders with the courier, prints the labels, has them picked up and shipped', async ({
  page,
  browser,
  owner,
  shopper,
}) => {
  test.setTimeout(180_000);
  const other = newShopper('shipping-ops', 'Imran Sheikh');
  const tokens = [shopper.token, await registerThroughApi(other)];
  const products = await productsWithSizes('sort=price_desc&limit=30', 1, 5);
  const orders: Order[] = [];
  for (let i = 0; i < 10; i++) {
    const product = products[i % products.length]!;
    const token = tokens[i % 2]!;
    await addThroughApi(token, product, sizesInStock(product)[0]!);
    orders.push(await placePaidOrderThroughApi(token, '9876500011', MUMBAI));
  }
  const dialog = page.getByRole('dialog');

  await test.step('ten orders selected by their pincode and booked: an AWB each', async () => {
    await signInToAdmin(page.context(), owner);
    await page.goto(`${ADMIN}/orders?filter=${encodeURIComponent(JSON.stringify({ pincode: '400001' }))}`);
    await expect(page.getByText('1-10 of 10')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select this row' })).toHaveCount(10);
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Book shipment' }).click();
    await expect(dialog.getByRole('heading', { name: 'Booking: 10 booked' })).toBeVisible();
    const results = dialog.getByRole('list', { name: 'Results per order' }).getByRole('listitem');
    await expect(results).toHaveCount(10);
    await expect(results.filter({ hasText: /AWB SR\d{10}/ })).toHaveCount(10);
    // At desk width only: on a phone the list has no bulk buttons.
    await page.screenshot({ path: path.join(SHOTS, 'admin-shipping-booked-desktop.png') });
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('one PDF of the ten labels', async () => {
    await page.getByRole('button', { name: 'Download labels' }).click();
    await expect(dialog.getByText('(10 orders)')).toBeVisible();
    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Labels (PDF)' }).click();
    const bytes = await readFile((await (await download).path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('pickup scheduled, then all marked shipped in one go', async () => {
    await page.getByRole('button', { name: 'Schedule pickup' }).click();
    await expect(dialog.getByRole('heading', { name: 'Pickup: 10 scheduled' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(dialog.getByRole('heading', { name: 'Shipped: 10 shipped' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the shopper’s order page: Shipped, with the AWB', async () => {
    const first = await orderOf(shopper.token, orders[0]!.id);
    expect(first.status).toBe('shipped');
    const shopperPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
    await shopperPage.goto('/auth/login');
    await logInOnPage(shopperPage, shopper);
    await expect(accountMenuButton(shopperPage, shopper)).toBeVisible();
    const detail = new OrderDetailPage(shopperPage);
    await detail.goto(first.id, first.orderNumber);
    await expect(detail.status).toHaveText('Shipped');
    await expect(detail.tracking.getByTestId('tracking-awb')).toHaveText(first.shipment!.awb);
  });
});
