/**
 * The merchant admin in headless Chromium (docs/admin.md), against the real API serving the
 * built admin at /admin. An owner invited for the journey turns on two-factor sign-in and signs
 * in with a code; sees a new order on the dashboard; finds it by the shopper's phone; confirms, packs
 * and ships it with an AWB, and the shopper's order page shows "Shipped" with the tracking
 * link; a return is approved, picked up with restock and refunded, and the stock is back. A
 * `support` member sees no refund button nor the Jobs page, and the API refuses the call; the
 * owner's Jobs page lists the order's mails. The owner finds a size by its SKU and receives
 * more pieces (a stock movement), then imports a stock file once its check has named a bad
 * line, and hides a spam review. The owner then makes a product with two sizes and two photos
 * and puts it on sale, and a shopper finds it by search; lowers its price, and the shopper's
 * product page shows the new price within 5 seconds. Screenshots of the dashboard, order list,
 * order detail, packing slip, returns queue, jobs, products, the stock import, reviews and the
 * new product's form, page and list at 1280 and 390 px; axe on each.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accountMenuButton, apiPost, logInOnPage } from '../support/accounts';
import {
  adminCall,
  inviteStaff,
  placePaidOrderThroughApi,
  requestReturnThroughApi,
  staffCookie,
  totpCode,
  type StaffSignIn,
} from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { CheckoutPage, screenshotThisPage, stockOf } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { OrderDetailPage } from '../support/orders';
import { api, expectNoSeriousA11yViolations } from '../support/pages';
import { PUBLIC_API_URL, WEB_PORT } from '../support/stack';

const here = path.dirname(fileURLToPath(import.meta.url));

// Notices appear without animation, so axe never reads a half-faded one (the admin honours
// the system's reduced-motion setting).
test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Meera Iyer' });
const ADMIN = `${PUBLIC_API_URL}/admin`;
const STORE = `http://localhost:${WEB_PORT}`;

async function signIn(page: Page, who: StaffSignIn, code?: () => string): Promise<void> {
  await page.goto(`${ADMIN}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (code) {
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await page.getByLabel('Authentication code').fill(code());
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page.getByText('Orders today')).toBeVisible();
}

test('the owner runs an order and a return from the admin; support cannot refund', async ({
  page,
  browser,
  owner,
  shopper,
}) => {
  test.setTimeout(360_000);
  const [product] = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 1, 1);
  const [size] = sizesInStock(product!);
  const { token } = shopper;
  const phone = `9${String(Date.now()).slice(-9)}`;
  let totpSecret = '';
  const newProduct = `Indigo Block Print Kurta ${String(Date.now()).slice(-5)}`;
  let newProductId = '';
  const storePage = await (await browser.newContext()).newPage();

  await test.step('the owner turns on two-factor sign-in and signs in with a code', async () => {
    await signIn(page, owner);
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    totpSecret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(totpCode(totpSecret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByTestId('recovery-codes')).toContainText(/[a-z0-9]{5}-[a-z0-9]{5}/);
    await page.context().clearCookies();
    // The code of the enrolment's step is spent: the next step's code signs in.
    await signIn(page, owner, () => totpCode(totpSecret, Date.now() + 30_000));
  });

  const before = await stockOf(product!.id, size!.id);
  await addThroughApi(token, product!, size!, 1);
  const order = await placePaidOrderThroughApi(token, phone);

  await test.step('the new order is on the dashboard and found by the shopper’s phone', async () => {
    await page.goto(ADMIN);
    await expect(page.getByText('Orders today')).toBeVisible();
    await expect(page.getByRole('link', { name: /Placed: \d+/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-dashboard');

    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.getByPlaceholder('Order no., email, phone or AWB').fill(phone);
    await expect(page.getByText(order.orderNumber)).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-orders');
    await page.getByText(order.orderNumber).click();
    await expect(page.getByTestId('order-status')).toHaveText('Placed');
  });

  await test.step('confirm, pack and ship with an AWB; the shopper sees "Shipped" and the tracking link', async () => {
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Confirmed');
    await page.getByRole('button', { name: 'Mark packed' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Packed');
    await page.getByRole('button', { name: 'Ship', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship the order' });
    await dialog.getByLabel('Courier').fill('Delhivery');
    await dialog.getByLabel('AWB').fill('DLV9876543210');
    await dialog.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DLV9876543210');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Shipped');
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-order');

    const slip = await page.context().newPage();
    await slip.goto(`${ADMIN}/orders/${order.id}/packing-slip`);
    await expect(slip.getByRole('heading', { name: `Vastra · packing slip · ${order.orderNumber}` })).toBeVisible();
    await expect(slip.getByRole('cell', { name: size!.sku })).toBeVisible();
    await expect(slip.getByText(phone)).toBeVisible();
    await expectNoSeriousA11yViolations(slip);
    await screenshotThisPage(slip, 'admin-packing-slip');
    await slip.close();

    const shopperContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const shopperPage = await shopperContext.newPage();
    await shopperPage.goto('/auth/login');
    await logInOnPage(shopperPage, shopper);
    await expect(accountMenuButton(shopperPage, shopper)).toBeVisible();
    const detail = new OrderDetailPage(shopperPage);
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.status).toHaveText('Shipped');
    await expect(detail.tracking.getByRole('link', { name: /Track on the courier/ })).toHaveAttribute(
      'href',
      'https://www.delhivery.com/track/package/DLV9876543210',
    );
    await shopperContext.close();
  });

  await test.step('delivered, returned, approved, picked up with restock and refunded: the stock is back', async () => {
    await page.getByRole('button', { name: 'Out for delivery' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Out for delivery');
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.getByTestId('order-status')).toHaveText('Delivered');
    expect(await stockOf(product!.id, size!.id)).toBe(before - 1);
    await requestReturnThroughApi(token, order.id, await readFile(path.join(here, '../fixtures/avatar.png')));

    await page.getByRole('menuitem', { name: 'Returns' }).click();
    const card = page.getByTestId(`return-${order.orderNumber}`);
    await expect(card.getByRole('img', { name: `Photo sent with return ${order.orderNumber}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-returns');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Returned for size: each line goes back in stock unless the store unticks it.
    await expect(
      card.getByRole('checkbox', { name: `Put ${product!.name} (size ${size!.size}) × 1 back in stock` }),
    ).toBeChecked();
    await card.getByRole('button', { name: 'Mark picked up' }).click();
    await expect(card.getByRole('button', { name: 'Refund' })).toBeVisible();
    expect(await stockOf(product!.id, size!.id)).toBe(before);
  });

  await test.step('support sees no refund button, and the API refuses the refund', async () => {
    // The owner's own browser session (a fresh sign-in would need yet another unused code).
    const session = (await page.context().cookies()).find((c) => c.name === 'vastra_admin')!;
    const ownerCookie = `${session.name}=${session.value}`;
    const support = await inviteStaff(ownerCookie, `support-${Date.now()}@example.com`, 'support');
    const supportContext = await browser.newContext();
    const supportPage = await supportContext.newPage();
    await signIn(supportPage, support);
    await supportPage.getByRole('menuitem', { name: 'Returns' }).click();
    const card = supportPage.getByTestId(`return-${order.orderNumber}`);
    await expect(card).toContainText('Picked up');
    await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(supportPage.getByRole('menuitem', { name: 'Refunds' })).toHaveCount(0);
    await expect(supportPage.getByRole('menuitem', { name: 'Products' })).toHaveCount(0);
    await expect(supportPage.getByRole('menuitem', { name: 'Jobs' })).toHaveCount(0);
    const refused = await adminCall(await staffCookie(support), 'POST', `/orders/${order.id}/return/refund`, {});
    expect(refused.status).toBe(403);
    await supportContext.close();

    // A refund is asked for once more, naming the amount, before it is issued.
    await page.getByRole('button', { name: 'Refund' }).click();
    const confirm = page.getByRole('dialog', { name: new RegExp(`^Refund ₹.* for ${order.orderNumber}\\?$`) });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId(`return-${order.orderNumber}`)).toContainText('Picked up');
    await page.getByRole('button', { name: 'Refund' }).click();
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByTestId(`return-${order.orderNumber}`)).toContainText('Refunded');
  });

  await test.step('the owner reads the job history: the order’s mails went out', async () => {
    await page.getByRole('menuitem', { name: 'Jobs' }).click();
    await expect(page.getByText(/Waiting or running now: \d+/)).toBeVisible();
    await expect(page.getByRole('cell', { name: 'mail-order' }).first()).toBeVisible();
    await expect(page.getByText('Done').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-jobs');
  });

  await test.step('the owner finds the size by its SKU and receives five more pieces, a stock movement', async () => {
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByPlaceholder('Name, brand or SKU').fill(size!.sku);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-products');
    await page.getByText(product!.name).first().click();
    const row = page.getByTestId(`size-${size!.sku}`);
    await expect(row).toContainText(String(before));
    await row.getByRole('button', { name: 'Change stock' }).click();
    const dialog = page.getByRole('dialog', { name: `Change stock of ${size!.sku}` });
    await dialog.getByLabel('Pieces (negative to take away)').fill('5');
    await expect(dialog.getByRole('status')).toHaveText(`${before} now, ${before + 5} after`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText(String(before + 5));
    expect(await stockOf(product!.id, size!.id)).toBe(before + 5);
    await row.getByRole('button', { name: 'Movements' }).click();
    const movements = page.getByRole('dialog', { name: `Stock movements of ${size!.sku}` });
    await expect(movements.locator('tbody tr').first()).toContainText('received');
    await expect(movements).toContainText(order.orderNumber);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-product');
    await movements.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Take off sale' }).click();
    await expect(page.getByRole('button', { name: 'Put on sale' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Draft');
    await page.getByRole('button', { name: 'Put on sale' }).click();
    await expect(page.getByRole('button', { name: 'Take off sale' })).toBeVisible();

    // A stock file with a bad line is checked and refused as a whole; fixed, it is imported.
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Import stock' }).click();
    const importer = page.getByRole('dialog', { name: 'Import stock' });
    const file = (text: string) => ({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await importer.locator('input[type=file]').setInputFiles(file(`sku,quantity\n${size!.sku},2\nNO-SUCH-SKU,1\n`));
    await importer.getByRole('button', { name: 'Check' }).click();
    await expect(importer.getByRole('status')).toContainText('Line 3 NO-SUCH-SKU: No size has this SKU.');
    await expect(importer.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await importer.locator('input[type=file]').setInputFiles(file(`sku,quantity\n${size!.sku},2\n`));
    await importer.getByRole('button', { name: 'Check' }).click();
    await expect(importer.getByRole('status')).toHaveText('Ready: 1 size changes, 0 sizes stay as they are.');
    expect(await stockOf(product!.id, size!.id)).toBe(before + 5);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-stock-import');
    await importer.getByRole('button', { name: 'Apply' }).click();
    await expect(importer.getByRole('status')).toHaveText('Imported: 1 size changes, 0 sizes stay as they are.');
    expect(await stockOf(product!.id, size!.id)).toBe(before + 7);
    await importer.getByRole('button', { name: 'Close' }).click();
  });
  await test.step('the owner hides a spam review; shoppers no longer see it', async () => {
    const posted = await apiPost(
      '/reviews',
      { productId: product!.id, rating: 1, title: 'Cheap followers here', body: 'Visit my page for cheap followers.' },
      token,
    );
    expect(posted.status).toBe(201);
    const reviewId = (posted.body.data as unknown as { review: { id: string } }).review.id;
    await page.getByRole('menuitem', { name: 'Reviews' }).click();
    const card = page.getByTestId(`review-${reviewId}`);
    await expect(card).toContainText('Cheap followers here');
    await card.getByRole('button', { name: 'Hide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide the review “Cheap followers here”' });
    await dialog.getByLabel('Why (kept for the store)').fill('Spam');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(card).toContainText(`Hidden by ${owner.email}`);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-reviews');
    const shown = await api<{ reviews: { id: string }[] }>(`/reviews/product/${product!.id}`);
    expect(shown.reviews.map((r) => r.id)).not.toContain(reviewId);
  });
  await test.step('the owner makes a product with two sizes and two photos and puts it on sale; a shopper finds it', async () => {
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(newProduct);
    await page.getByLabel(/^Brand\b/).fill('Vastra Studio');
    await page.getByLabel(/^Colour\b/).fill('Indigo');
    await page
      .getByLabel('Description', { exact: true })
      .fill('Hand-block printed cotton kurta with a mandarin collar.');
    await page.getByRole('combobox', { name: 'Category' }).click();
    // Tunics, not kurtas: other journeys pick kurtas by price and stock, and these would be among them.
    await page.getByRole('option', { name: /› Tunics$/ }).click();
    await page.getByLabel('HSN code').fill('6204');
    const sizes: [string, string, string, string][] = [
      ['S', '1899', '1499', '6'],
      ['M', '1899', '1599', '4'],
    ];
    for (const [i, [size, mrp, price, stock]] of sizes.entries()) {
      if (i > 0) await page.getByRole('button', { name: 'Add a size' }).click();
      await page.getByLabel(new RegExp(`^Size ${i + 1}\\b`)).fill(size);
      await page.getByLabel(`MRP ₹ (size ${i + 1})`).fill(mrp);
      await page.getByLabel(`Price ₹ (size ${i + 1})`).fill(price);
      await page.getByLabel(`Stock (size ${i + 1})`).fill(stock);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-product-new');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect(page.getByRole('heading', { level: 1, name: newProduct })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Draft');
    newProductId = page.url().match(/products\/([0-9a-f-]{36})/)![1]!;

    const photo = (background: string) =>
      sharp({ create: { width: 800, height: 1066, channels: 3, background } })
        .jpeg()
        .toBuffer();
    await page.locator('input[type=file]').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#283593') },
      { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#5c6bc0') },
    ]);
    await expect(page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Put on sale' }).click();
    await expect(page.getByRole('button', { name: 'Take off sale' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-product-edit');

    await expect(async () => {
      await storePage.goto(`${STORE}/search?q=${encodeURIComponent(newProduct)}`);
      await expect(storePage.getByTestId('product-card').filter({ hasText: newProduct })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 5000 });
  });

  await test.step('the owner lowers its price; the product page shows the new price within 5 seconds', async () => {
    await storePage.goto(`${STORE}/shop/product/${newProductId}`);
    await expect(storePage.getByTestId('product-price')).toContainText('1,499');
    await page.locator('[data-testid^="size-"]').first().getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Size S' });
    await dialog.getByLabel('Price ₹').fill('1299');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(async () => {
      await storePage.reload();
      await expect(storePage.getByTestId('product-price')).toContainText('1,299', { timeout: 500 });
    }).toPass({ timeout: 5000 });
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByPlaceholder('Name, brand or SKU').fill(newProduct);
    const row = page.locator('tbody tr').filter({ hasText: newProduct });
    await expect(row).toContainText('On sale');
    await expect(row).toContainText('₹ 1,299');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await screenshotThisPage(page, 'admin-products-list');
  });

  await test.step('the owner imports a products file: the check names the bad row; fixed, it is imported', async () => {
    const stamp = String(Date.now()).slice(-6);
    const csv = (gender: string) =>
      [
        'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock,hsn_code',
        `E2E-${stamp}-1,Saffron Chanderi Kurta ${stamp},Vastra Studio,Women,Apparel,Topwear,Tunics,Saffron,S|M,1799,2499,5|2,6204`,
        `E2E-${stamp}-2,Olive Mul Kurta ${stamp},Vastra Studio,${gender},Apparel,Topwear,Tunics,Olive,Free Size,999,1299,8,6204`,
      ].join('\n');
    const file = (text: string) => ({ name: 'kurtas.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByRole('menuitem', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'Import products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await dialog.locator('input[type=file]').setInputFiles(file(csv('Woman')));
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Not imported: 1 problem. Nothing was changed.');
    await expect(dialog).toContainText('Line 3: gender: must be one of Men, Women, Unisex, Boys, Girls (got "Woman")');
    await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
    await dialog.locator('input[type=file]').setInputFiles(file(csv('Women')));
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Checked: 2 products, no problems. Nothing was changed yet.');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Imported: 2 products, 3 sizes.');
    const history = dialog.getByRole('table', { name: 'Recent imports' });
    await expect(history.locator('tbody tr').first()).toContainText('Imported: 2 products, 3 sizes.');
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-products-import');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(async () => {
      await storePage.goto(`${STORE}/search?q=${encodeURIComponent(`Olive Mul Kurta ${stamp}`)}`);
      await expect(storePage.getByTestId('product-card').filter({ hasText: `Olive Mul Kurta ${stamp}` })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 5000 });
  });

  await test.step('the owner makes a coupon; the shopper uses it at checkout', async () => {
    const code = `ADMIN${String(Date.now()).slice(-6)}`;
    await page.getByRole('menuitem', { name: 'Coupons' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel(/^Code/).fill(code);
    await page.getByLabel(/^Description/).fill('15 % off, made in the admin');
    await page.getByLabel(/^Percent off/).fill('15');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(code).first()).toBeVisible();

    const saved = await apiPost(
      '/addresses',
      {
        firstName: 'Meera',
        lastName: 'Iyer',
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        country: 'India',
        phone: '9876543210',
        isDefault: true,
      },
      token,
    );
    expect(saved.status, saved.body.message).toBe(201);
    await addThroughApi(token, product!, size!, 1);
    await storePage.goto(`${STORE}/auth/login?next=/checkout`);
    await logInOnPage(storePage, shopper);
    const checkout = new CheckoutPage(storePage);
    await expect(storePage).toHaveURL(/\/checkout$/);
    await checkout.applyCoupon(code);
    await expect(checkout.summary.getByTestId('coupon-saving')).toBeVisible();
    const subtotal = await checkout.amountOf(checkout.figure('subtotal'));
    expect(await checkout.amountOf(checkout.figure('coupon-discount'))).toBeCloseTo(subtotal * 0.15, 0);
  });

  await test.step('the owner moves a homepage section up; shoppers see the new order', async () => {
    await page.getByRole('menuitem', { name: 'Homepage' }).click();
    await expect(page.getByRole('heading', { name: 'Homepage sections', exact: true })).toBeVisible();
    const sections = page.getByRole('list', { name: 'Homepage sections in order' });
    // The sections load after the page's heading; allInnerTexts does not wait for them.
    await expect(sections.getByRole('heading', { level: 2 }).nth(2)).toBeVisible();
    const titles = await sections.getByRole('heading', { level: 2 }).allInnerTexts();
    const moved = titles.at(-2)!;
    const above = titles.at(-3)!;
    await page.getByRole('button', { name: `Move up: ${moved}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Order saved' })).toContainText(moved);
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'admin-homepage');
    await expect(async () => {
      await storePage.goto(STORE);
      const shown = await storePage.locator('main h2').allInnerTexts();
      expect(shown.indexOf(moved)).toBeGreaterThan(-1);
      expect(shown.indexOf(moved)).toBeLessThan(shown.indexOf(above));
    }).toPass({ timeout: 5000 });
  });
});
