/**
 * Browsing journeys (behaviour.md §2, §4) in headless Chromium: the homepage's sections, filtering and
 * sorting /shop with the URL following, searching, and a product page (with its legal details);
 * the footer's policy links and the sitemap; each page checked with axe and photographed at mobile and desktop widths.
 */
import type { HomepageSection, ProductDetail, ProductSearchResult } from '@vastra/contracts';
import { expect, test } from '@playwright/test';
import { chooseSize } from '../support/cart';
import { api, cardPrices, expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';

test('the homepage shows every section type', async ({ page, browser }) => {
  const { sections } = await api<{ sections: HomepageSection[] }>('/homepage-sections');
  await page.goto('/');
  const types = new Set(sections.map((s) => s.section_type));
  expect([...types].sort()).toEqual([
    'best_seller_products',
    'collection_highlight',
    'fashion_showcase',
    'featured_categories',
    'hero',
    'testimonials',
  ]);
  for (const section of sections) {
    if (section.section_type === 'hero') {
      await expect(page.getByRole('region', { name: section.title })).toBeVisible();
      await expect(page.getByRole('link', { name: section.content.slides[0]!.cta.label }).first()).toBeVisible();
    } else {
      await expect(page.getByRole('heading', { level: 2, name: section.title, exact: true })).toBeVisible();
    }
  }
  const bestSellers = sections.find((s) => s.section_type === 'best_seller_products');
  if (bestSellers?.section_type === 'best_seller_products') {
    await expect(page.getByRole('link', { name: bestSellers.content.products[0]!.name }).first()).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await screenshotBothWidths(browser, '/', 'home');

  // The footer links to the five policy pages (behaviour.md "Policies and listing details").
  const policies = page.getByRole('navigation', { name: 'Policies' });
  const links: [string, string][] = [
    ['Returns, refunds and exchanges', '/policies/returns-refunds-exchanges'],
    ['Shipping', '/policies/shipping'],
    ['Cancellation', '/policies/cancellation'],
    ['Terms of use', '/policies/terms'],
    ['Privacy policy', '/policies/privacy'],
  ];
  for (const [name, href] of links) {
    await expect(policies.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await policies.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Data protection contact' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshotBothWidths(browser, '/policies/privacy', 'policy-privacy');

  // Search engines find the policy pages and the grievance page in both languages.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  for (const href of [...links.map(([, path]) => path), '/grievance']) {
    expect(sitemap).toContain(`${href}</loc>`);
    expect(sitemap).toContain(`/hi${href}</loc>`);
  }
});

test('/shop filters by colour and size; the URL and the results follow', async ({ page, browser }) => {
  await page.goto('/shop');
  const all = await api<ProductSearchResult>('/products/search?limit=1');
  await expect(page.getByTestId('result-count')).toContainText(all.meta.total.toLocaleString('en-IN'));
  await expect(page.getByTestId('product-card')).toHaveCount(15);

  const colour = all.filters.colors[0]!.value;
  await page
    .getByRole('group', { name: 'Colours' })
    .getByRole('checkbox', { name: new RegExp(`^${colour}\\b`) })
    .check();
  await expect(page).toHaveURL(new RegExp(`colors=${colour}`));
  const byColour = await api<ProductSearchResult>(`/products/search?colors=${colour}&limit=1`);
  await expect(page.getByTestId('result-count')).toContainText(String(byColour.meta.total));

  const size =
    byColour.filters.sizes.find((s) => s.count < byColour.meta.total)?.value ?? byColour.filters.sizes[0]!.value;
  await page
    .getByRole('group', { name: 'Sizes' })
    .getByRole('checkbox', { name: new RegExp(`^${size}\\b`) })
    .check();
  await expect(page).toHaveURL(new RegExp(`sizes=${encodeURIComponent(size)}`));
  const both = await api<ProductSearchResult>(
    `/products/search?colors=${colour}&sizes=${encodeURIComponent(size)}&limit=15`,
  );
  await expect(page.getByTestId('result-count')).toContainText(String(both.meta.total));
  await expect(page.getByTestId('product-card').first()).toContainText(both.products[0]!.name);

  // The filtered page survives a reload: the URL carries the filters.
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Colours' }).getByRole('checkbox', { name: new RegExp(`^${colour}\\b`) }),
  ).toBeChecked();
  await expect(page.getByTestId('result-count')).toContainText(String(both.meta.total));
  await expectNoSeriousA11yViolations(page);
  await screenshotBothWidths(browser, '/shop', 'shop');
});

test('sorting by price orders the cards', async ({ page }) => {
  await page.goto('/shop');
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      return prices.length === 15 && prices.every((p, i) => i === 0 || prices[i - 1]! <= p);
    })
    .toBe(true);
  const cheapest = (await cardPrices(page))[0]!;

  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect
    .poll(async () => {
      const prices = await cardPrices(page);
      return prices.length === 15 && prices.every((p, i) => i === 0 || prices[i - 1]! >= p) && prices[0]! > cheapest;
    })
    .toBe(true);
});

test('searching for "jeans" lists jeans', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('jeans');
  await expect(page.getByRole('listbox', { name: 'Suggested products' }).getByRole('option').first()).toContainText(
    /jeans/i,
  );
  await box.press('Escape');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=jeans/);
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const names = await cards.allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  expect(names.slice(0, 5).every((text) => /jeans/i.test(text))).toBe(true);
});

test('a product page shows its gallery, variant selectors and related products', async ({ page, browser }) => {
  const { products } = await api<ProductSearchResult>('/products/search?categories=tshirts&sort=rating&limit=20');
  const candidates = await Promise.all(products.map((p) => api<{ product: ProductDetail }>(`/products/${p.id}`)));
  const product = candidates.map((c) => c.product).find((p) => p.variants.filter((v) => v.inStock).length >= 2)!;
  expect(product, 'a T-shirt with two sizes in stock').toBeTruthy();

  await page.goto(`/shop/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('img', { name: product.name }).first()).toBeVisible();

  const colours = page.getByRole('group', { name: /Colour/ });
  await expect(colours.getByRole('radio', { name: product.color })).toBeChecked();
  const sizes = page.getByRole('group', { name: /Size/ });
  await expect(sizes.getByRole('radio')).toHaveCount(product.variants.length);
  const inStock = product.variants.filter((v) => v.inStock);
  await chooseSize(page, inStock[1]!.size);
  for (const soldOut of product.variants.filter((v) => !v.inStock)) {
    await expect(sizes.getByRole('radio', { name: new RegExp(`^${soldOut.size}\\b`) })).toBeDisabled();
  }
  await expect(page.getByText(`₹ ${product.price.toLocaleString('en-IN')}`).first()).toBeVisible();

  // The listing's legal details, server-rendered: the seeded catalogue states no country of origin.
  const legal = page.getByRole('region', { name: 'Legal details' });
  await expect(legal.getByRole('term')).toHaveText(['Country of origin']);
  await expect(legal.getByRole('definition')).toHaveText([product.countryOfOrigin ?? 'Not stated']);

  const related = page.getByRole('region', { name: 'Similar products' });
  await expect(related.getByTestId('product-card').first()).toBeVisible();
  const relatedNames = await related.getByTestId('product-card').allInnerTexts();
  expect(relatedNames.some((t) => t.includes(product.name))).toBe(false);

  await expectNoSeriousA11yViolations(page);
  await screenshotBothWidths(browser, `/shop/product/${product.id}`, 'product');
});
