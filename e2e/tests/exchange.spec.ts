/**
 * Size exchange, end to end (behaviour.md "Exchanges", docs/admin.md "Exchanges"): a delivered
 * kurta (seeded through the API and the operator's steps) is exchanged on the storefront for the
 * next size at the same price; the store works the exchange queue in the admin (approve, picked
 * up, replacement shipped, delivered) and the order page shows the replacement delivered. Axe and
 * screenshots exchange-form-* (390 and 1280 px) of the exchange form.
 */
import type { ProductDetail, Variant } from '@vastra/contracts';
import { accountMenuButton, logInOnPage } from '../support/accounts';
import { inviteStaff, operatorCall, placePaidOrderThroughApi, signInToAdmin } from '../support/admin';
import { addThroughApi, productsWithSizes, sizesInStock } from '../support/cart';
import { screenshotThisPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { OrderDetailPage } from '../support/orders';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' }, shopperName: 'Kavya Nair' });

/** A kurta with two sizes in stock at the same price: the one bought and the one wanted. */
async function kurtaWithTwoSizes(): Promise<{ kurta: ProductDetail; bought: Variant; wanted: Variant }> {
  const kurtas = await productsWithSizes('categories=kurtas&sort=rating&limit=30', 2, 1);
  for (const kurta of kurtas) {
    const sizes = sizesInStock(kurta);
    for (const [i, bought] of sizes.entries()) {
      const wanted = sizes.slice(i + 1).find((v) => v.price === bought.price);
      if (wanted) return { kurta, bought, wanted };
    }
  }
  throw new Error('no kurta with two sizes in stock at one price');
}

test('a shopper exchanges a delivered kurta for the next size; the store works the exchange queue', async ({
  page,
  shopper,
}) => {
  test.setTimeout(120_000);
  const { kurta, bought, wanted } = await kurtaWithTwoSizes();
  await addThroughApi(shopper.token, kurta, bought, 1);
  const order = await placePaidOrderThroughApi(shopper.token, '9876501299');
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    const res = await operatorCall(
      'POST',
      `/orders/${order.id}/steps`,
      to === 'shipped' ? { to, courier: 'Delhivery', awb: 'DLV5550001' } : { to },
    );
    expect(res.status, res.body.message).toBe(200);
  }

  const detail = new OrderDetailPage(page);
  await test.step('the shopper picks the next size and a reason', async () => {
    await page.goto('/auth/login');
    await logInOnPage(page, shopper);
    await expect(accountMenuButton(page, shopper)).toBeVisible();
    await detail.goto(order.id, order.orderNumber);
    await detail.main
      .getByRole('link', { name: `Exchange ${kurta.name} (size ${bought.size}) for another size` })
      .click();
    const main = page.getByRole('main');
    const size = main.getByRole('radio', { name: new RegExp(`^Size ${wanted.size} · `) });
    await expect(size).toBeEnabled();
    await size.check();
    await expect(main.getByText('Same price, nothing to pay').first()).toBeVisible();
    await main.getByLabel('Reason').selectOption({ label: 'Wrong size' });
    await expectNoSeriousA11yViolations(page);
    await screenshotThisPage(page, 'exchange-form');
    await main.getByRole('button', { name: 'Request exchange' }).click();
    await expect(detail.main.getByTestId('order-number')).toHaveText(order.orderNumber);
    await expect(detail.main.getByTestId('exchange-status')).toHaveText('Exchange requested');
  });

  await test.step('the store approves, records the pickup, ships and delivers the replacement', async () => {
    const staff = await inviteStaff('operator', `exchanges-${Date.now()}@example.com`, 'staff');
    const admin = await page.context().newPage();
    await signInToAdmin(page.context(), staff);
    await admin.goto(`${PUBLIC_API_URL}/admin/exchanges`);
    const card = admin.getByTestId(`exchange-${order.orderNumber}`);
    await expect(card).toContainText(`size ${bought.size}`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(
      card.getByRole('checkbox', { name: `Put ${kurta.name} (size ${bought.size}) × 1 back in stock` }),
    ).toBeChecked();
    await card.getByRole('button', { name: 'Mark picked up' }).click();
    const answers = ['Delhivery', 'DLV5550002'];
    admin.on('dialog', (dialog) => void dialog.accept(answers.shift()));
    await card.getByRole('button', { name: 'Ship replacement' }).click();
    await expect(card).toContainText('Replacement: Delhivery AWB DLV5550002');
    await card.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(card).toContainText('Replacement delivered');
    await admin.close();
  });

  await test.step('the order page shows the replacement delivered', async () => {
    await detail.goto(order.id, order.orderNumber);
    await expect(detail.main.getByTestId('exchange-status')).toHaveText('Replacement delivered');
    await expect(detail.main.getByRole('link', { name: /^Exchange .* for another size$/ })).toHaveCount(0);
  });
});
