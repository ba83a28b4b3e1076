/**
 * Data rights, end to end (docs/behaviour.md "Data rights: export, erasure, retention"): a shopper
 * with a delivered order downloads their data as JSON from "Privacy & data" (it holds their email
 * and the order), then closes the account with their password, lands on the home page signed out
 * and cannot log in again. Axe on the page.
 */
import { readFile } from 'node:fs/promises';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { operatorCall, placePaidOrderThroughApi } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Divya Nair' });

test('a shopper downloads their data, closes the account and cannot log in again', async ({ page, shopper }) => {
  test.setTimeout(120_000);
  const [kurta] = await productsWithSizes('sort=rating&limit=8', 1, 1);
  await addThroughApi(shopper.token, kurta!, sizesInStock(kurta!)[0]!, 1);
  const order = await placePaidOrderThroughApi(shopper.token, '9876505555');
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    const res = await operatorCall(
      'POST',
      `/orders/${order.id}/steps`,
      to === 'shipped' ? { to, courier: 'Delhivery', awb: 'DLV7770099' } : { to },
    );
    expect(res.status, res.body.message).toBe(200);
  }

  const main = page.getByRole('main');
  await test.step('the JSON download holds the shopper’s email and order', async () => {
    await page.goto('/auth/login');
    await logInOnPage(page, shopper);
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await page.goto('/account/privacy-data');
    await expect(main.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
    await expect(main.getByTestId('data-kind-orders')).toContainText('1 record');
    await expectNoSeriousA11yViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main.getByRole('link', { name: 'Download as JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, 'utf8');
    expect(text).toContain(shopper.email);
    expect(text).toContain(order.orderNumber);
  });

  await test.step('closing the account signs out everywhere and the login is refused', async () => {
    await main.getByRole('button', { name: 'Close my account', exact: true }).click();
    await main.getByLabel('Your password').fill(shopper.password);
    await main.getByRole('button', { name: 'Close my account and erase my data' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await page.goto('/auth/login');
    await logInOnPage(page, shopper);
    await expect(main.getByText(AUTH_MESSAGES.incorrectCredentials)).toBeVisible();
  });
});
