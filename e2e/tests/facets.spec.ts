/**
 * Facets that widen (docs/shopper-features.md "Facets that widen") in headless Chromium: with
 * one colour ticked the other colours keep their counts, and ticking a second colour widens
 * the list to either colour.
 */
import type { ProductDetail, ProductSearchResult } from '@vastra/contracts';
import { expect, test, type Page } from '@playwright/test';
import { api, expectNoSeriousA11yViolations } from '../support/pages';

const colourBox = (page: Page, colour: string) =>
  page.getByRole('group', { name: 'Colours' }).getByRole('checkbox', { name: new RegExp(`^${colour}\\b`) });

test('ticking Blue keeps Black on offer with its count; ticking Black widens the list to both', async ({ page }) => {
  const none = await api<ProductSearchResult>('/products/search?limit=1');
  const count = (colour: string) => none.filters.colors.find((c) => c.value === colour)?.count ?? 0;
  const [blue, black] = [count('Blue'), count('Black')];
  expect(blue, 'the store has Blue products').toBeGreaterThan(0);
  expect(black, 'the store has Black products').toBeGreaterThan(0);

  await page.goto('/shop');
  await colourBox(page, 'Blue').check();
  await expect(page).toHaveURL(/colors=Blue(&|$)/);
  await expect(page.getByTestId('result-count')).toHaveText(`${blue.toLocaleString('en-IN')} products`);
  // Black is still there to tick, with the count it has when no colour is chosen.
  await expect(colourBox(page, 'Black')).not.toBeChecked();
  await expect(colourBox(page, 'Black')).toHaveAccessibleName(new RegExp(`^Black\\s*${black}\\s*products$`));

  await colourBox(page, 'Black').check();
  await expect(page).toHaveURL(/colors=Blue(%2C|,)Black/);
  await expect(page.getByTestId('result-count')).toHaveText(`${(blue + black).toLocaleString('en-IN')} products`);
  await expect(colourBox(page, 'Blue')).toBeChecked();
  await expect(colourBox(page, 'Black')).toBeChecked();

  // Every card on the page is a Blue or a Black product, by the product's own page data.
  const links = page.getByTestId('product-card').getByRole('link');
  await expect(links).toHaveCount(Math.min(15, blue + black));
  const ids = (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).map((href) =>
    href.split('/').pop()!,
  );
  const colours = await Promise.all(
    ids.map(async (id) => (await api<{ product: ProductDetail }>(`/products/${id}`)).product.color),
  );
  expect(
    colours.every((c) => c === 'Blue' || c === 'Black'),
    colours.join(', '),
  ).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
