/**
 * The admin's store settings in headless Chromium (docs/admin.md "Size charts" and "Delivery
 * zones"): an owner invited for the journey opens Size charts, edits the store's Topwear chart (one
 * length of size M), is told why a chart with two rows of one size cannot be saved, saves the
 * change, and a T-shirt's size chart from the shop's API has the new length; then sets the
 * metro zone's days on Delivery zones and the delivery estimate for 110001 (Delhi, a metro)
 * follows. Axe and screenshots admin-size-chart-* and admin-delivery-zones-* at 390 and
 * 1280 px. Both settings are put back through the admin API at the end, so the journeys after
 * this one see the seeded chart and the default zone table.
 */
import type { DeliveryEstimate, DeliverySettings, SizeChart } from '@vastra/contracts';
import { SIZING_MESSAGES } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { adminCall, staffCookie, type StaffSignIn } from '../support/admin';
import { screenshotThisPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { api, expectNoSeriousA11yViolations } from '../support/pages';
import { PUBLIC_API_URL } from '../support/stack';

// Notices appear without animation, so axe never reads a half-faded one.
test.use({ contextOptions: { reducedMotion: 'reduce' } });
const ADMIN = `${PUBLIC_API_URL}/admin`;
const METRO_PINCODE = '110001';

type Search = { products: { id: string }[] };

/** A T-shirt whose page shows the store's Topwear chart (some brands have their own). */
async function tshirtWithStoreChart(): Promise<{ productId: string; chart: SizeChart }> {
  const { products } = await api<Search>('/products/search?categories=tshirts&limit=40');
  for (const { id } of products) {
    const chart = await api<SizeChart>(`/products/${id}/size-chart`);
    if (chart.brand === null) return { productId: id, chart };
  }
  throw new Error('No T-shirt shows the store chart');
}

const chestOf = (chart: SizeChart, size: string) => chart.rows.find((r) => r.size === size)!.values.chest;

async function signIn(page: Page, owner: StaffSignIn): Promise<void> {
  await page.goto(`${ADMIN}/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Orders today')).toBeVisible();
}

test('the owner edits the Topwear size chart and the delivery days; the shop follows', async ({ page, owner }) => {
  test.setTimeout(180_000);
  const { productId, chart: before } = await tshirtWithStoreChart();
  expect(before.category.name).toBe('Topwear');
  const chestM = chestOf(before, 'M') as number;
  const newChest = chestM + 2;
  const zonesBefore = await adminCall(await staffCookie(owner), 'GET', '/delivery-settings');
  const settingsBefore = zonesBefore.body.data as DeliverySettings;
  const estimateBefore = await api<DeliveryEstimate>(`/shipping/delivery-estimate?pincode=${METRO_PINCODE}`);
  expect(estimateBefore.zone).toBe('metro');
  const metroDays = settingsBefore.days.metro === 12 ? 13 : 12;

  try {
    await signIn(page, owner);

    await test.step('the owner changes one length of the store Topwear chart', async () => {
      await page.getByRole('menuitem', { name: 'Size charts' }).click();
      await page.getByRole('row', { name: /Store chart\s*Topwear/ }).click();
      await expect(page.getByText('Size chart: Store chart · Topwear')).toBeVisible();
      const chest = page.getByLabel('Chest (to fit) (cm), size M');
      await expect(chest).toHaveValue(String(chestM));

      // Two rows of one size: the API refuses the chart and the owner reads why.
      const secondSize = page.locator('input[name="rows.1.size"]');
      const sizeS = await secondSize.inputValue();
      await secondSize.fill('M');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText(SIZING_MESSAGES.uniqueKeys)).toBeVisible();
      expect(chestOf(await api<SizeChart>(`/products/${productId}/size-chart`), 'M')).toBe(chestM);

      await secondSize.fill(sizeS);
      await page.getByLabel('Chest (to fit) (cm), size M').fill(String(newChest));
      await expectNoSeriousA11yViolations(page);
      await screenshotThisPage(page, 'admin-size-chart');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Size chart saved: shoppers see it on their next product page')).toBeVisible();
      await expect(page.getByRole('row', { name: /Store chart\s*Topwear/ })).toBeVisible();
    });

    await test.step("the T-shirt's size chart has the new length", async () => {
      const after = await api<SizeChart>(`/products/${productId}/size-chart`);
      expect(chestOf(after, 'M')).toBe(newChest);
      expect(chestOf(after, 'L')).toBe(chestOf(before, 'L'));
    });

    await test.step("the owner sets the metro zone's days and the estimate follows", async () => {
      await page.getByRole('menuitem', { name: 'Delivery zones' }).click();
      const metro = page.getByRole('spinbutton', { name: /^Metro cities/ });
      await expect(metro).toHaveValue(String(settingsBefore.days.metro));
      await metro.fill(String(metroDays));
      await expectNoSeriousA11yViolations(page);
      await screenshotThisPage(page, 'admin-delivery-zones');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Delivery zones saved')).toBeVisible();

      const estimate = await api<DeliveryEstimate>(`/shipping/delivery-estimate?pincode=${METRO_PINCODE}`);
      // Days on the road skip Sundays: 12 of them span 12 to 14 calendar days.
      expect(estimate.deliveryDays).toBeGreaterThanOrEqual(metroDays);
      expect(estimate.deliveryDays).toBeLessThanOrEqual(metroDays + 2);
      expect(estimate.deliveryBy > estimateBefore.deliveryBy).toBe(true);
    });
  } finally {
    // Later journeys expect the seeded chart and the default zone table, even when this one failed.
    await test.step('the seeded chart and the zone table are put back', async () => {
      const cookie = await staffCookie(owner);
      const { columns, rows, sourceName, sourceUrl } = before;
      expect(
        (await adminCall(cookie, 'PUT', `/size-charts/${before.id}`, { columns, rows, sourceName, sourceUrl })).status,
      ).toBe(200);
      expect((await adminCall(cookie, 'PUT', '/delivery-settings', settingsBefore)).status).toBe(200);
    });
  }
});
