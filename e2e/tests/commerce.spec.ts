/** The commerce backend through the storefront: the homepage's promotion banner from GET /store/promotion. */
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';
import { API_URL, PUBLISHABLE_KEY } from '../support/stack';

type Promotion = { code: string; description: string };

async function runningPromotions(): Promise<Promotion[]> {
  const res = await fetch(`${API_URL}/store/promotion`, { headers: { 'x-publishable-api-key': PUBLISHABLE_KEY } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { promotions: Promotion[] }).promotions;
}

test('the homepage shows the running coupon codes with their description', async ({ page, browser }) => {
  const promotions = await runningPromotions();
  expect(promotions.map((p) => p.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FESTIVE300']));
  await page.goto('/');
  const offers = page.getByRole('region', { name: 'Offers for you' });
  await expect(offers).toBeVisible();
  for (const promotion of promotions) {
    const row = offers.getByRole('listitem').filter({ hasText: promotion.code });
    await expect(row).toContainText(promotion.description);
  }
  await expectNoSeriousA11yViolations(page);
  await screenshotBothWidths(browser, '/', 'home-offers', { fullPage: false });
});
