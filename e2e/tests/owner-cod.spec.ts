/**
 * A cash on delivery order run by the owner in the admin, in headless Chromium (docs/admin.md
 * "Cash on delivery" and "Returns", behaviour.md §10): a shopper's COD order of two pieces,
 * placed through the API, is confirmed and packed, and its invoice (PDF) is already printable,
 * "Payable on delivery"; shipped, the courier's cash is recorded as collected, so the order is
 * delivered and paid (the admin and the shopper's order page give the date), and the invoice
 * keeps its number, now "Paid". The shopper returns one piece as "Damaged or defective" on the
 * storefront; the owner approves it, the piece's restock box is unticked by default, and refunds
 * it after the confirmation: the stock of the size is unchanged by the return, the order reads
 * "Partly returned and refunded". Axe and screenshots admin-order-cod-* of the order at 390 and
 * 1280 px. Its own owner (invited, no two-factor sign-in), shopper and product category (shirts,
 * which no other journey buys).
 */
import { readFile } from 'node:fs/promises';
import { RETURN_REASON_LABELS, formatPrice, type Order } from '@vastra/contracts';
import type { Download, Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { placeOrderThroughApi, signInToAdmin } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { orderOf, screenshotThisPage, stockOf } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { OrderDetailPage, ReturnPage } from '../support/orders';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

// Notices appear without animation, so axe never reads a half-faded one.
test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Kavya Nair' });
const ADMIN = `${PUBLIC_API_URL}/admin`;
const INVOICE_NUMBER = /INV\/\d{4}-\d{2}\/\d{6}/;

/** Clicks the order's "Invoice (PDF)" and returns the downloaded file's text. */
async function invoiceText(page: Page): Promise<string> {
  const download: Promise<Download> = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Invoice (PDF)' }).click();
  const bytes = await readFile((await (await download).path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
}

/** A date as the storefront's order page writes it ("27 Nov 2026"), in India's time. */
const shopDate = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

/** The date part of the admin's date and time ("27/11/26"), in India's time. */
const adminDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    timeZone: 'Asia/Kolkata',
  });

test('the owner packs a COD order with its invoice, records the cash, and refunds a damaged piece without restocking it', async ({
  page,
  browser,
  owner,
  shopper,
}) => {
  test.setTimeout(180_000);
  const [shirt] = await productsWithSizes('categories=shirts&sort=rating&limit=8', 1, 1);
  const [size] = sizesInStock(shirt!);
  const { token } = shopper;
  await addThroughApi(token, shirt!, size!, 2);
  const order = await placeOrderThroughApi(token, '9876512345', 'cod');
  const stockAfterOrder = await stockOf(shirt!.id, size!.id);
  let invoiceNumber = '';
  let paid!: Order;

  await test.step('confirmed and packed, the invoice is printable and payable on delivery', async () => {
    await signInToAdmin(page.context(), owner);
    await page.goto(`${ADMIN}/orders/${order.id}/show`);
    await expect(page.getByTestId('order-status')).toHaveText('Placed');
    // Not packed yet: nothing to put in the parcel.
    await expect(page.getByRole('link', { name: 'Invoice (PDF)' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Packed');
    const text = await invoiceText(page);
    invoiceNumber = INVOICE_NUMBER.exec(text)?.[0] ?? '';
    expect(invoiceNumber, text).not.toBe('');
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Payable on delivery');
    expect(text).not.toContain('Paid:');
  });

  await test.step('shipped, the cash is collected: delivered and paid, the invoice keeps its number', async () => {
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship the order' });
    await dialog.getByLabel('Courier').fill('Delhivery');
    await dialog.getByLabel('AWB').fill('DLV5550001112');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await page.getByRole('button', { name: 'Cash collected' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
    paid = await orderOf(token, order.id);
    expect(paid.paymentStatus).toBe('completed');
    await expect(page.getByText(`cod · completed · paid ${adminDate(paid.paidAt!)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cash collected' })).toHaveCount(0);
    const text = await invoiceText(page);
    expect(INVOICE_NUMBER.exec(text)?.[0]).toBe(invoiceNumber);
    expect(text).toContain('cash on delivery, collected on');
    expect(text).not.toContain('Payable on delivery');
    expect(await stockOf(shirt!.id, size!.id)).toBe(stockAfterOrder);
  });

  const shopperPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  const detail = new OrderDetailPage(shopperPage);
  await test.step('the shopper’s order page says paid, and one piece goes back damaged', async () => {
    await shopperPage.goto('/auth/login');
    await logInOnPage(shopperPage, shopper);
    await expect(accountMenuButton(shopperPage, shopper)).toBeVisible();
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.status).toHaveText('Delivered');
    await expect(detail.main.getByTestId('payment-status')).toHaveText(`Paid in cash on ${shopDate(paid.paidAt!)}`);
    await detail.main.getByRole('link', { name: 'Return items' }).click();
    const form = new ReturnPage(shopperPage);
    await form.quantity(shirt!.name, size!.size).selectOption('1');
    await form.continue();
    await form.reason.selectOption({ label: RETURN_REASON_LABELS.damaged });
    await form.comment.fill('A seam came apart at the cuff.');
    // Cash on delivery goes to store credit unless the shopper asks for their bank account (refunded by hand).
    await form.main.getByRole('radio', { name: /My bank account/ }).check();
    await form.continue();
    await expect(form.main.getByTestId('return-kind')).toHaveText('You are returning some of the items.');
    await form.submit.click();
    await expect(detail.status).toHaveText('Return requested');
  });

  await test.step('the owner approves, leaves the damaged piece out of stock and refunds after confirming', async () => {
    await page.getByRole('menuitem', { name: 'Returns' }).click();
    const card = page.getByTestId(`return-${order.orderNumber}`);
    await expect(card).toContainText(RETURN_REASON_LABELS.damaged);
    await card.getByRole('button', { name: 'Approve' }).click();
    const restock = card.getByRole('checkbox', { name: `Put ${shirt!.name} (size ${size!.size}) × 1 back in stock` });
    await expect(restock).not.toBeChecked();
    await card.getByRole('button', { name: 'Mark picked up' }).click();
    await expect(card).toContainText(`${shirt!.name} × 1 (not restocked)`);
    await card.getByRole('button', { name: 'Refund' }).click();
    const confirm = page.getByRole('dialog', { name: new RegExp(`^Refund ₹.* for ${order.orderNumber}\\?$`) });
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect(card).toContainText('Refunded');
    expect(await stockOf(shirt!.id, size!.id)).toBe(stockAfterOrder);
  });

  await test.step('the order reads partly returned and refunded, in the admin and the shop', async () => {
    await page.goto(`${ADMIN}/orders/${order.id}/show`);
    await expect(page.getByTestId('order-status')).toHaveText('Partly returned and refunded');
    await expect(page.getByText('1 returned and refunded')).toBeVisible();
    // Cash on delivery is refunded by hand: one piece's share of the line.
    const refunded = (await orderOf(token, order.id)).returnRequest!;
    expect(refunded.refundAmount).toBe(paid.items[0]!.total / 2);
    await expect(page.getByText(/^Refund ₹\s?[\d,.]+ · manual · completed$/)).toBeVisible();
    await expect(page.getByTestId('tax-rule')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-order-cod');
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.status).toHaveText('Partly returned and refunded');
    await expect(detail.main.getByTestId('refund')).toHaveText(
      `${formatPrice(refunded.refundAmount)} by the store · Refunded`,
    );
    await expect(detail.main.getByTestId('amount-refunded')).toHaveText(formatPrice(refunded.refundAmount));
    await shopperPage.context().close();
  });
});
