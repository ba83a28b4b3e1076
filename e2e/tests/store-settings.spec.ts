/**
 * The store's name and logo in headless Chromium (docs/admin.md "Store settings"): an owner
 * invited for the journey opens Store settings, renames the store and uploads a logo (its
 * preview shows), saves; the storefront's header shows the new name and the logo within
 * seconds, and the next mail (a new shopper's verification code) names the store by its new
 * name. Axe and screenshot admin-store-settings-*. The settings are put back through the admin
 * API at the end, so the journeys after this one see "Vastra".
 */
import { DEFAULT_STORE_NAME, type StoreSettingsView } from '@vastra/contracts';
import sharp from 'sharp';
import { latestOutboxMail } from '../../apps/api/src/test/outbox';
import { newShopper, registerThroughApi } from '../support/accounts';
import { adminCall, staffCookie } from '../support/admin';
import { screenshotThisPage } from '../support/checkout';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/pages';
import { DATA_DIR, PUBLIC_API_URL } from '../support/stack';

test.use({ contextOptions: { reducedMotion: 'reduce' } });
const ADMIN = `${PUBLIC_API_URL}/admin`;

test('the owner renames the store and uploads a logo; the shop and the next mail follow', async ({ page, owner }) => {
  test.setTimeout(120_000);
  const cookie = await staffCookie(owner);
  const before = (await adminCall(cookie, 'GET', '/store-settings')).body.data as StoreSettingsView;
  expect(before.settings.storeName).toBe(DEFAULT_STORE_NAME);
  const name = `Saffron & Silk ${Date.now() % 10_000}`;
  const logo = await sharp({ create: { width: 240, height: 80, channels: 4, background: '#0f5132' } })
    .png()
    .toBuffer();

  try {
    await test.step('the owner renames the store and uploads a logo in the admin', async () => {
      await page.goto(`${ADMIN}/login`);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('menuitem', { name: 'Store settings' }).click();
      const storeName = page.getByLabel('Store name');
      await expect(storeName).toHaveValue(DEFAULT_STORE_NAME);
      await storeName.fill(name);
      await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshotThisPage(page, 'admin-store-settings');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Store settings saved')).toBeVisible();
    });

    await test.step('the storefront header shows the new name and the logo', async () => {
      const home = page.getByRole('banner').getByRole('link', { name: `${name} home` });
      await expect(async () => {
        await page.goto('/');
        await expect(home).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(home).toContainText(name);
      const img = home.locator('img');
      await expect(img).toBeVisible();
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      await expect(page).toHaveTitle(new RegExp(name));
    });

    await test.step('the next mail names the store by its new name', async () => {
      const shopper = newShopper('store-name');
      await registerThroughApi(shopper);
      await expect
        .poll(async () => (await latestOutboxMail(DATA_DIR, shopper.email))?.subject ?? '')
        .toBe(`Verify your email for ${name}`);
    });
  } finally {
    // Later journeys expect the store as seeded: "Vastra", no logo.
    expect((await adminCall(cookie, 'PUT', '/store-settings', before.settings)).status).toBe(200);
  }
});
