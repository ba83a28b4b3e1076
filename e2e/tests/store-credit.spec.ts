/**
 * Store credit, end to end (behaviour.md "Store credit"): a shopper's cash on delivery order is
 * confirmed, packed, shipped and delivered through the admin API; the shopper returns it on the
 * storefront, where the refund goes to the store credit by default; the store approves, picks up
 * and refunds it through the admin API. The account's "Store credit" page shows the balance and
 * the refund; at checkout "Use store credit" pays part of the next order and cash on delivery the
 * rest, and the confirmation shows the store credit part. Screenshots store-credit-* at 390 and
 * 1280 px; axe on the store credit page.
 */
import { formatPrice, type Order, type Wallet } from '@vastra/contracts';
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { operatorCall, placeOrderThroughApi } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage, ConfirmationPage, orderOf, screenshotThisPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { OrderDetailPage, ReturnPage } from '../support/orders';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { API_URL } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Lakshmi Menon' });

/** The shopper's store credit as the API has it. */
async function walletOf(token: string): Promise<Wallet> {
  const res = await fetch(`${API_URL}/wallet`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Wallet }).data;
}

/** A store step through the admin API, as the store's own tools do. */
async function step(path: string, body: Record<string, unknown> = {}): Promise<void> {
  const res = await operatorCall('POST', path, body);
  expect(res.status, res.body.message).toBe(200);
}

test('a returned COD order is refunded to store credit, which pays part of the next order', async ({
  page,
  shopper,
}) => {
  test.setTimeout(180_000);
  const [kurta] = await productsWithSizes('sort=rating&limit=8', 1, 1);
  const [size] = sizesInStock(kurta!);
  const { token } = shopper;
  await addThroughApi(token, kurta!, size!, 1);
  const first = await placeOrderThroughApi(token, '9876501234', 'cod');
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    await step(
      `/orders/${first.id}/steps`,
      to === 'shipped' ? { to, courier: 'Delhivery', awb: 'DLV7770001' } : { to },
    );
  }

  const detail = new OrderDetailPage(page);
  await test.step('the shopper returns the order; the refund goes to store credit by default', async () => {
    await page.goto('/auth/login');
    await logInOnPage(page, shopper);
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await detail.goto(first.id, first.orderNumber);
    await detail.main.getByRole('link', { name: 'Return items' }).click();
    const form = new ReturnPage(page);
    await form.quantity(kurta!.name, size!.size).selectOption('1');
    await form.continue();
    await form.reason.selectOption({ index: 1 });
    await expect(form.main.getByRole('radio', { name: 'Store credit (instant)' })).toBeChecked();
    await expect(form.main.getByRole('radio', { name: /My bank account/ })).not.toBeChecked();
    await form.continue();
    await form.submit.click();
    await expect(detail.status).toHaveText('Return requested');
  });

  let credit = 0;
  await test.step('the store refunds it: the store credit page shows the balance and the refund', async () => {
    for (const s of ['approve', 'pickup', 'refund']) await step(`/orders/${first.id}/return/${s}`);
    const returned = await orderOf(token, first.id);
    credit = returned.returnRequest!.refundAmount;
    expect((await walletOf(token)).balance).toBe(credit);
    await page.goto('/account/store-credit');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Store credit' })).toBeVisible();
    await expect(main.getByTestId('store-credit-balance')).toHaveText(formatPrice(credit));
    const entry = main.getByTestId('store-credit-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Added');
    await expect(entry).toContainText(`Return of order ${first.orderNumber}`);
    await expect(entry).toContainText(`+ ${formatPrice(credit)}`);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'store-credit-account');
  });

  await test.step('"Use store credit" pays part of the next order, cash on delivery the rest', async () => {
    await addThroughApi(token, kurta!, size!, 2);
    const checkout = new CheckoutPage(page);
    await checkout.goto();
    await checkout.typeAddress({ phone: '9876501234', postalCode: '560001', street: '7 Brigade Road' });
    await expect(checkout.state).toHaveValue('Karnataka');
    const payable = checkout.figure('amount-payable');
    await expect(payable).not.toHaveText('…');
    const before = await checkout.amountOf(payable);
    expect(before).toBeGreaterThan(credit);
    const use = checkout.main.getByRole('checkbox', { name: `Use store credit (${formatPrice(credit)} available)` });
    await use.check();
    await expect(checkout.summary.getByTestId('wallet-amount')).toHaveText(`− ${formatPrice(credit)}`);
    await expect(payable).toHaveText(formatPrice(Math.round((before - credit) * 100) / 100));
    await checkout.paymentMethod('Cash on delivery').check();
    await screenshotThisPage(page, 'store-credit-checkout');
    await checkout.placeOrder.click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\//);
    const id = /\/checkout\/confirmation\/([^/?#]+)/.exec(page.url())![1]!;
    const placed: Order = await orderOf(token, id);
    expect(placed.walletAmount).toBe(credit);
    await new ConfirmationPage(page).expectFor(placed, 'Order placed');
    await expect(page.getByRole('main').getByTestId('wallet-amount')).toHaveText(`− ${formatPrice(credit)}`);
    expect((await walletOf(token)).balance).toBe(0);
  });
});
