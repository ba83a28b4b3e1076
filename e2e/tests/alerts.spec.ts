/**
 * Back-in-stock alerts in headless Chromium (docs/shopper-features.md "Alerts"): a logged-out
 * "Notify me" opens the login modal; logged in it becomes "We'll mail you when it's back"; the
 * store restocks the size through the admin API and exactly one alert mail reaches the outbox,
 * naming the product; its unsubscribe link works in a browser with no session.
 */
import { ALERTS_MESSAGES, type ProductDetail, type ProductSearchResult } from '@vastra/contracts';
import { outboxMailsTo } from '../../apps/api/src/test/outbox';
import { LoginModal } from '../support/accounts';
import { operatorCall } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { api, expectNoSeriousA11yViolations } from '../support/pages';
import { API_URL, DATA_DIR } from '../support/stack';

const SUBJECT = 'Back in stock and price drops at Vastra';

/** A product on sale with a size sold out and another in stock, as seeded. */
async function productWithSoldOutSize(): Promise<ProductDetail> {
  const { products } = await api<ProductSearchResult>('/products/search?sort=rating&limit=40');
  for (const { id } of products) {
    const { product } = await api<{ product: ProductDetail }>(`/products/${id}`);
    const ofColour = product.variants.filter((v) => v.color === product.color);
    if (ofColour.some((v) => !v.inStock) && ofColour.some((v) => v.inStock)) return product;
  }
  throw new Error('no product with a sold-out size among the first 40');
}

const alertMails = async (email: string) =>
  (await outboxMailsTo(DATA_DIR, email)).filter((mail) => mail.subject === SUBJECT);

test('"Notify me" on a sold-out size, one mail when it is back, and its unsubscribe link', async ({
  page,
  browser,
  shopper,
}) => {
  const product = await productWithSoldOutSize();
  const soldOut = product.variants.find((v) => v.color === product.color && !v.inStock)!;
  const notifyMe = page.getByRole('button', { name: `Notify me when size ${soldOut.size} is back` });

  await test.step('logged out, "Notify me" opens the login modal', async () => {
    await page.goto(`/shop/product/${product.id}`);
    await notifyMe.click();
    const modal = new LoginModal(page);
    await expect(modal.dialog).toBeVisible();
    await modal.fill(shopper);
    await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(modal.dialog).toBeHidden();
  });

  await test.step('logged in, the request is taken and the page says so', async () => {
    await notifyMe.click();
    await expect(page.getByTestId('notify-me').getByRole('status')).toHaveText(
      `${soldOut.size}: ${ALERTS_MESSAGES.requested}`,
    );
    await expect(notifyMe).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // It is remembered: the next visit says the same.
    await page.reload();
    await expect(page.getByTestId('notify-me').getByText(ALERTS_MESSAGES.requested)).toBeVisible();
    expect(await alertMails(shopper.email)).toHaveLength(0);
  });

  let link = '';
  await test.step('the store restocks the size: exactly one mail naming the product', async () => {
    const res = await operatorCall('POST', `/variants/${soldOut.id}/stock`, {
      mode: 'set',
      quantity: 4,
      reason: 'received',
    });
    expect(res.status, res.body.message).toBe(200);
    await expect.poll(async () => (await alertMails(shopper.email)).length, { message: 'the alert mail' }).toBe(1);
    // A second restock the same day brings no second mail.
    await operatorCall('POST', `/variants/${soldOut.id}/stock`, { mode: 'delta', quantity: 1, reason: 'received' });
    const [mail] = await alertMails(shopper.email);
    expect(mail!.text).toContain(`${product.name} (size ${soldOut.size})`);
    expect(mail!.text).toContain(`/shop/product/${product.id}`);
    link = /(http:\/\/localhost:\d+\/alerts\/unsubscribe\?token=\S+)/.exec(mail!.text ?? '')?.[1] ?? '';
    expect(link, 'the unsubscribe link of the mail').not.toBe('');
  });

  await test.step('the unsubscribe link works in a browser with no session', async () => {
    const context = await browser.newContext();
    const guest = await context.newPage();
    await guest.goto(link);
    await guest.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(guest.getByRole('main').getByRole('status')).toHaveText(ALERTS_MESSAGES.unsubscribed);
    const token = new URL(link).searchParams.get('token')!;
    const status = await fetch(`${API_URL}/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(((await status.json()) as { data: { unsubscribed: boolean } }).data.unsubscribed).toBe(true);
    await context.close();
    expect(await alertMails(shopper.email)).toHaveLength(1);
  });
});
