/**
 * After the purchase in headless Chromium (behaviour.md §10), against the real API: a shopper pays on the
 * sandbox page, the store confirms, packs, ships (Delhivery, with an AWB) and delivers through
 * `npm run ops`; the order's page shows the timeline and the tracking, the invoice downloads as
 * invoice-<id>.pdf (a PDF), and one of the two pieces goes back as a partial return with a photo,
 * which the returns page lists. A second order is cancelled before it ships, with a reason, and
 * its stock comes back. Screenshots of the order, its tracking, the return form and both lists
 * at both widths.
 */
import { readFile } from 'node:fs/promises';
import { ORDER_MESSAGES, formatPrice, type Order } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { accountMenuButton, logInOnPage, type Shopper } from '../support/accounts';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import {
  CheckoutPage,
  ConfirmationPage,
  SandboxPaymentPage,
  orderOf,
  ordersOf,
  screenshotThisPage,
  stockOf,
} from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { placeOrderThroughApi } from '../support/admin';
import { OrderDetailPage, ReturnPage, fixture, ops } from '../support/orders';
import { API_URL } from '../support/stack';

/** Logs in and places the cart's order, paid on the sandbox page; returns the order. */
async function placePaidOrder(page: Page, shopper: Shopper, token: string): Promise<Order> {
  const checkout = new CheckoutPage(page);
  await page.goto('/auth/login?next=/checkout');
  await logInOnPage(page, shopper);
  await expect(accountMenuButton(page, shopper)).toBeVisible();
  await checkout.goto();
  await checkout.typeAddress({ phone: '9876501234', postalCode: '560001', street: '7 Brigade Road' });
  await expect(checkout.state).toHaveValue('Karnataka');
  await checkout.paymentMethod('Pay online (test gateway)').check();
  await checkout.placeOrder.click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  const [order] = await ordersOf(token);
  await new SandboxPaymentPage(page).choose('Success');
  await new ConfirmationPage(page).expectFor(order!, 'Payment received');
  return order!;
}

test('a delivered order: timeline, tracking, invoice and a partial return with a photo', async ({ page, shopper }) => {
  test.setTimeout(180_000);
  const [kurta] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(kurta!);
  const { token } = shopper;
  await addThroughApi(token, kurta!, size!, 2);
  const detail = new OrderDetailPage(page);
  let order!: Order;

  await test.step('the shopper pays; "View order" leads to the order', async () => {
    order = await placePaidOrder(page, shopper, token);
    await page.getByRole('link', { name: 'View order' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}$`));
    await expect(detail.main.getByTestId('order-number')).toHaveText(order.orderNumber);
    await expect(detail.main.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  });

  await test.step('the orders list and the header menu lead to it too', async () => {
    await accountMenuButton(page, shopper).click();
    await page.getByRole('banner').getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    const row = page.getByTestId('order-row').filter({ hasText: order.orderNumber });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('order-status')).toHaveText('Placed');
    await row.getByRole('link').click();
    await expect(detail.main.getByTestId('order-number')).toHaveText(order.orderNumber);
  });

  await test.step('the store confirms, packs, ships with Delhivery and delivers', async () => {
    await ops('confirm', order.orderNumber);
    await ops('pack', order.orderNumber);
    await ops('ship', order.orderNumber, '--courier', 'Delhivery', '--awb', 'DLV1234567890');
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.status).toHaveText('Shipped');
    await expect(detail.tracking.getByTestId('tracking-courier')).toHaveText('Delhivery');
    await expect(detail.tracking.getByTestId('tracking-awb')).toHaveText('DLV1234567890');
    // Refresh reads it again on the server.
    const refresh = detail.tracking.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(detail.tracking.getByTestId('tracking-courier')).toHaveText('Delhivery');
    // Shipped, too late to cancel: the button is gone.
    await expect(detail.main.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await screenshotThisPage(page, 'order-tracking');
    await ops('deliver', order.orderNumber);
    await page.reload();
    await expect(detail.status).toHaveText('Delivered');
  });

  await test.step('the timeline lists every step in order', async () => {
    const steps = detail.timeline.getByRole('listitem');
    await expect(steps.last()).toHaveAttribute('aria-current', 'step');
    // An online order waits for its payment first; from there on, every step the store took.
    const names = (await steps.allInnerTexts()).map((text) => text.split('\n')[0]);
    expect(names.slice(-5)).toEqual(['Placed', 'Confirmed', 'Packed', 'Shipped', 'Delivered']);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'order-detail');
  });

  await test.step('the invoice downloads as invoice-<id>.pdf', async () => {
    const download = await detail.downloadInvoice();
    expect(download.suggestedFilename()).toBe(`invoice-${order.id}.pdf`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  const form = new ReturnPage(page);
  await test.step('one of the two pieces goes back, with a photo', async () => {
    await detail.main.getByRole('link', { name: 'Return items' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}/return$`));
    await form.continue();
    await expect(form.main.getByText('Choose at least one item to return.')).toBeVisible();
    await form.quantity(kurta!.name, size!.size).selectOption('1');
    await form.continue();
    await form.continue();
    await expect(form.main.getByText('Please choose a reason for the return.')).toBeVisible();
    await form.reason.selectOption({ label: 'Does not fit well' });
    await form.comment.fill('Too loose at the shoulders.');
    // A text file is refused before any upload, in the API's words.
    await form.files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.main.getByText(ORDER_MESSAGES.returnFileType)).toBeVisible();
    await form.files.setInputFiles(fixture('avatar.png'));
    await expect(form.main.getByRole('img', { name: 'Preview of avatar.png' })).toBeVisible();
    await screenshotThisPage(page, 'return-form');
    await form.continue();
    await expect(form.main.getByTestId('return-kind')).toHaveText('You are returning some of the items.');
    await form.submit.click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.id}$`));
    await expect(detail.status).toHaveText('Return requested');
    await expect(detail.returnSection.getByTestId('return-status')).toHaveText('Requested');
    const returned = (await orderOf(token, order.id)).returnRequest!;
    expect(returned.kind).toBe('partial');
    expect(returned.items).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(returned.files).toHaveLength(1);
  });

  await test.step('the returns page lists it', async () => {
    await page.goto('/account/returns');
    const row = page.getByTestId('return-row').filter({ hasText: order.orderNumber });
    await expect(row.getByTestId('return-status')).toHaveText('Requested');
    await expect(row).toContainText(`${kurta!.name} (size ${size!.size}) × 1`);
    await screenshotThisPage(page, 'returns-list');
  });

  await test.step('the orders page lists the order with its status', async () => {
    await page.goto('/account/orders');
    await expect(page.getByRole('main').getByText(order.orderNumber)).toBeVisible();
    await screenshotThisPage(page, 'orders-list');
  });

  await test.step('refunded, the order reads partly returned, with the piece that came back', async () => {
    await ops('approve-return', order.orderNumber);
    await ops('pickup-return', order.orderNumber);
    await ops('refund-return', order.orderNumber);
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.status).toHaveText('Partly returned and refunded');
    await expect(detail.main.getByTestId('order-line').getByTestId('line-returned')).toHaveText(
      '1 returned and refunded',
    );
    const refunded = (await orderOf(token, order.id)).returnRequest!.refundAmount;
    await expect(detail.main.getByTestId('amount-refunded')).toHaveText(formatPrice(refunded));
    await screenshotThisPage(page, 'order-partly-returned');
    await page.goto('/account/orders');
    const row = page.getByTestId('order-row').filter({ hasText: order.orderNumber });
    await expect(row.getByTestId('order-status')).toHaveText('Partly returned and refunded');
  });
});

test('an order cancelled before it ships, with a reason, gives its stock back', async ({ page, shopper }) => {
  const [shirt] = await productsWithSizes('categories=tshirts&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(shirt!);
  const { token } = shopper;
  await addThroughApi(token, shirt!, size!, 2);
  const stockBefore = await stockOf(shirt!.id, size!.id);
  const order = await placePaidOrder(page, shopper, token);
  expect(await stockOf(shirt!.id, size!.id)).toBe(stockBefore - 2);
  await ops('confirm', order.orderNumber);

  const detail = new OrderDetailPage(page);
  await detail.goto(order.id, order.orderNumber);
  await expect(detail.status).toHaveText('Confirmed');

  // The reason is required: an empty one is refused in the dialog.
  await detail.main.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Please tell us why you are cancelling.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(detail.main.getByRole('button', { name: 'Cancel order' })).toBeFocused();

  await detail.cancel('Found it cheaper elsewhere');
  await expect(dialog).toBeHidden();
  await expect(detail.status).toHaveText('Cancelled');
  await expect(detail.main.getByTestId('cancel-reason')).toHaveText('Found it cheaper elsewhere');
  await expect(detail.main.getByTestId('refund').first()).toContainText(formatPrice(order.amountPayable));
  // Paid and cancelled: the page says what came back.
  await expect(detail.main.getByTestId('amount-refunded')).toHaveText(formatPrice(order.amountPayable));

  const cancelled = await orderOf(token, order.id);
  expect(cancelled.status).toBe('cancelled');
  expect(cancelled.cancelReason).toBe('Found it cheaper elsewhere');
  expect(await stockOf(shirt!.id, size!.id)).toBe(stockBefore);
});

test('a cancelled cash-on-delivery order owes nothing', async ({ page, shopper }) => {
  const [shirt] = await productsWithSizes('categories=tshirts&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(shirt!);
  const { token } = shopper;
  await addThroughApi(token, shirt!, size!, 1);
  const order = await placeOrderThroughApi(token, '9876543210', 'cod');
  expect(order.amountPayable).toBeGreaterThan(0);
  const cancelled = await fetch(`${API_URL}/orders/${order.id}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ reason: 'Ordered by mistake' }),
  });
  expect(cancelled.status).toBe(200);

  await page.goto('/auth/login');
  await logInOnPage(page, shopper);
  await expect(accountMenuButton(page, shopper)).toBeVisible();
  const detail = new OrderDetailPage(page);
  await detail.goto(order.id, order.orderNumber);
  await expect(detail.status).toHaveText('Cancelled');
  await expect(detail.main.getByTestId('amount-payable')).toHaveText(formatPrice(0));
  await expect(detail.main.getByTestId('amount-refunded')).toHaveCount(0);
  await expect(detail.main.getByTestId('payment-status')).toHaveText('Nothing to pay: the order was cancelled');
  await screenshotThisPage(page, 'order-cancelled-cod');

  await test.step('the list pages by ?page= on the server; a page past the last leads back to the first', async () => {
    await page.goto('/account/orders?page=2');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'No orders on this page' })).toBeVisible();
    await expect(main.getByTestId('order-row')).toHaveCount(0);
    await main.getByRole('link', { name: 'Your latest orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(main.getByTestId('order-row').filter({ hasText: order.orderNumber })).toBeVisible();
  });
});
