/**
 * COD confirmation in headless Chromium (docs/behaviour.md "COD confirmation"): with the store
 * holding cash on delivery orders above a threshold (the owner's setting, through the admin
 * API, put back afterwards), a shopper's COD order is held "Awaiting confirmation"; the mail's
 * link, opened in a browser with no session, confirms it with one button, and the order is then
 * placed, its timeline saying it was confirmed by the link. Axe and screenshots
 * cod-confirmation-* at 390 and 1280 px.
 */
import { WHATSAPP_MESSAGES } from '@vastra/contracts';
import { outboxMailsTo } from '../../apps/api/src/test/outbox';
import { operatorCall, placeOrderThroughApi } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { orderOf, screenshotThisPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { DATA_DIR } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Farida Khan' });

/** Saves the COD confirmation threshold (rupees; null: off) as the owner does. */
async function holdCodAbove(rupees: number | null): Promise<void> {
  const current = await operatorCall('GET', '/store-settings');
  expect(current.status).toBe(200);
  const settings = (current.body.data as { settings: Record<string, unknown> }).settings;
  const saved = await operatorCall('PUT', '/store-settings', { ...settings, codConfirmAboveRupees: rupees });
  expect(saved.status, saved.body.message).toBe(200);
}

test('a held COD order is confirmed from the mailed link without a login', async ({ browser, shopper }) => {
  const [kurta] = await productsWithSizes('sort=rating&limit=8', 1, 1);
  const [size] = sizesInStock(kurta!);
  await addThroughApi(shopper.token, kurta!, size!, 1);

  const order = await test.step('the order is held', async () => {
    await holdCodAbove(1);
    try {
      return await placeOrderThroughApi(shopper.token, '9876504321', 'cod');
    } finally {
      await holdCodAbove(null);
    }
  });
  expect(order.status).toBe('awaiting_confirmation');
  expect(order.statusLabel).toBe('Awaiting confirmation');

  const link = await test.step('the confirmation mail carries the link', async () => {
    let found = '';
    await expect
      .poll(async () => {
        const mails = await outboxMailsTo(DATA_DIR, shopper.email);
        const mail = mails.find((m) => m.subject === `Please confirm your Vastra order ${order.orderNumber}`);
        found = /https?:\/\/\S+\/orders\/confirm\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return found;
      })
      .not.toBe('');
    return new URL(found);
  });

  await test.step('opened with no session, one button confirms the order', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Confirm your cash on delivery order' })).toBeVisible();
    await main.getByRole('button', { name: 'Confirm my order' }).click();
    await expect(main.getByRole('status')).toHaveText(WHATSAPP_MESSAGES.codConfirmed);
    await expect(main.getByText(`Order ${order.orderNumber} is confirmed.`)).toBeVisible();
    await expect(main.getByRole('link', { name: 'View your order' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'cod-confirmation');
    await context.close();
  });

  const confirmed = await orderOf(shopper.token, order.id);
  expect(confirmed.status).toBe('placed');
  expect(confirmed.timeline.some((e) => e.note === 'Cash on delivery confirmed by the shopper (link)')).toBe(true);
});
