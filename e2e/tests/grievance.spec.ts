/**
 * Grievances, end to end (behaviour.md "Grievances", docs/admin.md "Grievances"): a signed-in
 * shopper opens "Grievance redressal" from the footer, lodges a grievance about one of their
 * orders and sees its number at once, acknowledged; the owner opens it in the admin's queue and
 * resolves it with a text; the shopper looks it up by number and email on the grievance page and
 * sees "Resolved" with the resolution, and finds it on /account/grievances. Axe on the page, at a
 * 390 px phone width.
 */
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { placeOrderThroughApi, signInToAdmin } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Farah Khan' });

const RESOLUTION = 'We refunded the torn kurta to your card; it reaches you in 5 to 7 days.';

test('a shopper lodges a grievance, the owner resolves it in the admin, the shopper sees the resolution', async ({
  page,
  browser,
  owner,
  shopper,
}) => {
  test.setTimeout(150_000);
  const [kurta] = await productsWithSizes('sort=rating&limit=8', 1, 1);
  await addThroughApi(shopper.token, kurta!, sizesInStock(kurta!)[0]!, 1);
  const order = await placeOrderThroughApi(shopper.token, '9876523456', 'cod');
  let number = '';

  await test.step('the shopper lodges one from the footer’s link and gets its number at once', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/auth/login');
    await logInOnPage(page, shopper);
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance redressal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Grievance redressal' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const form = page.getByRole('region', { name: 'Lodge a grievance' });
    await expect(form.getByLabel('Your name')).toHaveValue('Farah Khan');
    await form.getByLabel('Order (optional)').selectOption(order.orderNumber);
    await form.getByLabel('About').selectOption({ label: 'Delivery' });
    await form
      .getByLabel('What went wrong')
      .fill('The kurta arrived torn at the seam and the courier left it outside.');
    await form.getByRole('button', { name: 'Lodge grievance' }).click();
    const lodged = form.getByRole('status');
    await expect(lodged).toContainText(/Grievance GRV-\d{4}-\d{6} is registered and acknowledged\./);
    number = /GRV-\d{4}-\d{6}/.exec((await lodged.textContent()) ?? '')![0];
    await expect(lodged.getByText('Acknowledged', { exact: true })).toBeVisible();
  });

  await test.step('the owner resolves it in the admin', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signInToAdmin(context, owner);
    await admin.goto(`${PUBLIC_API_URL}/admin/grievances`);
    await admin.getByText(number).click();
    await expect(admin.getByRole('link', { name: order.orderNumber })).toBeVisible();
    await admin.getByLabel(/Resolution/).fill(RESOLUTION);
    await admin.getByRole('button', { name: 'Resolve' }).click();
    await expect(admin.getByText('Grievance updated')).toBeVisible();
    await expect(admin.getByRole('heading', { name: `${number} · Resolved` })).toBeVisible();
    await context.close();
  });

  await test.step('the shopper sees "Resolved" with the resolution', async () => {
    await page.goto('/grievance');
    const lookup = page.getByRole('region', { name: 'Check the status of a grievance' });
    await lookup.getByLabel('Grievance number').fill(number);
    await lookup.getByLabel('Email it was lodged with').fill(shopper.email);
    await lookup.getByRole('button', { name: 'Check status' }).click();
    const card = lookup.getByRole('article', { name: number });
    await expect(card.getByText('Resolved', { exact: true })).toBeVisible();
    await expect(card.getByText(RESOLUTION)).toBeVisible();
    await page.goto('/account/grievances');
    await expect(page.getByRole('article', { name: number }).getByText(RESOLUTION)).toBeVisible();
  });
});
