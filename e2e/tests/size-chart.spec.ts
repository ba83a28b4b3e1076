/**
 * Size charts and fit in headless Chromium (docs/shopper-features.md "Size charts and fit"): the
 * "Size chart" button beside a T-shirt's sizes opens a dialog in centimetres that switches to
 * inches and closes with Escape, focus back on the button; a watch has no button. A review
 * answering "How was the fit?" makes the review summary say what share found it true to size.
 * Axe on the page with the dialog open; screenshots product-size-chart-mobile/-desktop.png.
 */
import { REVIEW_MESSAGES, type ReviewsPage, type SizeChart } from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { LoginModal } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { api, expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';
import { API_URL } from '../support/stack';

type Search = { products: { id: string }[] };

const dialogOf = (page: Page) => page.getByRole('dialog', { name: /size chart/i });

test('the size chart opens from the picker, switches cm to inches and closes with Escape', async ({
  page,
  browser,
}) => {
  const { products } = await api<Search>('/products/search?categories=tshirts&limit=1');
  const productId = products[0]!.id;
  const chart = await api<SizeChart>(`/products/${productId}/size-chart`);
  const firstLength = chart.columns.find((c) => c.unit === 'cm')!;
  const cm = chart.rows[0]!.values[firstLength.key] as number;

  await page.goto(`/shop/product/${productId}`);
  const open = page.getByRole('button', { name: 'Size chart' });
  await open.click();
  const dialog = dialogOf(page);
  await expect(dialog).toBeVisible();
  const firstRow = dialog.getByRole('row', { name: new RegExp(`^${chart.rows[0]!.size}\\b`) });
  await expect(dialog.getByRole('columnheader', { name: `${firstLength.label} (cm)` })).toBeVisible();
  await expect(firstRow).toContainText(String(cm));
  await expect(dialog).toContainText(chart.sourceName);

  await dialog.locator('label', { hasText: 'Inches' }).click();
  await expect(dialog.getByRole('radio', { name: 'Inches' })).toBeChecked();
  await expect(dialog.getByRole('columnheader', { name: `${firstLength.label} (in)` })).toBeVisible();
  await expect(firstRow).toContainText(String(Math.round((cm / 2.54) * 10) / 10));
  await expect(firstRow).not.toContainText(String(cm));

  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await screenshotBothWidths(browser, `/shop/product/${productId}`, 'product-size-chart', {
    fullPage: false,
    prepare: async (shot) => {
      await shot.getByRole('button', { name: 'Size chart' }).click();
      await expect(dialogOf(shot)).toBeVisible();
    },
  });
});

test('a product without a chart shows no size chart button', async ({ page }) => {
  const { products } = await api<Search>('/products/search?categories=watches&limit=1');
  const productId = products[0]!.id;
  expect((await fetch(`${API_URL}/products/${productId}/size-chart`)).status).toBe(404);
  await page.goto(`/shop/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Size chart' })).toHaveCount(0);
});

test('a review that answers the fit shows the true-to-size share', async ({ page, shopper }) => {
  const { products } = await api<Search>('/products/search?categories=jeans&limit=1&sort=price_desc');
  const productId = products[0]!.id;
  await page.goto(`/shop/product/${productId}`);
  const reviews = page.getByRole('region', { name: 'Ratings & reviews' });
  await reviews.getByRole('button', { name: 'Login', exact: true }).click();
  const modal = new LoginModal(page);
  await modal.fill(shopper);
  await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(modal.dialog).toBeHidden();

  await reviews.locator('label', { hasText: '5 stars' }).click();
  await reviews.locator('label', { hasText: 'True to size' }).click();
  await expect(reviews.getByRole('radio', { name: 'True to size' })).toBeChecked();
  await reviews.getByLabel('Title').fill('Fits well');
  await reviews.getByLabel('Your review').fill('My usual size fits.');
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText(REVIEW_MESSAGES.posted)).toBeVisible();

  const { stats } = await api<ReviewsPage>(`/reviews/product/${productId}`);
  const share = (fit: string) => stats.fit.shares.find((s) => s.fit === fit)!.percentage;
  expect(stats.fit.answered).toBeGreaterThan(0);
  const summary = reviews.getByTestId('fit-share');
  await expect(summary).toContainText(`${share('true_to_size')} % say true to size`);
  await expect(summary).toContainText(`${share('small')} % say it runs small, ${share('large')} % large`);
});
