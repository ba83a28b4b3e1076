/**
 * The wishlist and product reviews in headless Chromium: the sidebar logged out (its login
 * button opens the login modal), a heart on a /shop card, the sidebar's count, row and removal;
 * the sidebar and the search suggestions without the Redux store's code; posting a review with
 * a photo on a product page and seeing the stats and the list change, with the title shown as
 * text. Axe on the open sidebar and the reviews; screenshots of both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REVIEW_MESSAGES,
  WISHLIST_MESSAGES,
  formatPrice,
  type ReviewsPage,
  type WishlistPage,
} from '@vastra/contracts';
import type { Page } from '@playwright/test';
import { LoginModal, logOut, loginThroughApi, type Shopper } from '../support/accounts';
import { productsWithSizes, sizesInStock } from '../support/cart';
import { expect, test } from '../support/fixtures';
import { api, expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';
import { API_URL, PUBLIC_API_URL } from '../support/stack';
import { recordScripts, storeScripts } from '../support/store-code';

const PHOTO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/avatar.png');

const wishlistButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Wishlist/ });
const sidebar = (page: Page) => page.getByRole('dialog', { name: /^Wishlist \(\d+\)$/ });

/** The shopper's wishlist as the API has it, read with a session of its own. */
async function wishlistOf(shopper: Shopper): Promise<WishlistPage> {
  const token = await loginThroughApi(shopper);
  const res = await fetch(`${API_URL}/wishlist`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: WishlistPage }).data;
}

/** Logs in through the (already open) login modal. */
async function logInThroughModal(page: Page, shopper: Shopper): Promise<void> {
  const modal = new LoginModal(page);
  await expect(modal.dialog).toBeVisible();
  await modal.fill(shopper);
  await modal.dialog.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(modal.dialog).toBeHidden();
}

test('a shopper wish-lists a product from a card, sees it in the sidebar and removes it', async ({
  page,
  browser,
  shopper,
}) => {
  await test.step('logged out, the sidebar asks for a login and its button opens the login modal', async () => {
    await page.goto('/shop');
    await wishlistButton(page).click();
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByText(WISHLIST_MESSAGES.loginToView)).toBeVisible();
    await expect(sidebar(page).getByRole('link')).toHaveCount(0);
    await sidebar(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(sidebar(page)).toBeHidden();
    await logInThroughModal(page, shopper);
  });

  const card = page.getByTestId('product-card').first();
  const productLink = card.getByRole('link');
  const productName = (await productLink.innerText()).trim();
  const productHref = (await productLink.getAttribute('href'))!;

  await test.step('the heart on a card adds the product', async () => {
    await card.getByRole('button', { name: 'Add to wishlist' }).click();
    await expect(page.getByText(WISHLIST_MESSAGES.added)).toBeVisible();
    const heart = card.getByRole('button', { name: 'Remove from wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(wishlistButton(page)).toHaveAccessibleName('Wishlist (1)');
  });

  await test.step('the sidebar shows the count in its title and the row', async () => {
    const [entry] = (await wishlistOf(shopper)).wishlist;
    expect(entry?.product.name).toBe(productName);
    await wishlistButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Wishlist (1)' });
    await expect(dialog).toBeVisible();
    const row = dialog.getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link', { name: productName })).toHaveAttribute('href', productHref);
    await expect(row).toContainText(formatPrice(entry!.variant.price));
    await expect(dialog.getByRole('link', { name: 'View all Wishlist' })).toHaveAttribute('href', '/wishlist');
    await expect(dialog.getByRole('link', { name: 'Go to Shopping' })).toHaveAttribute('href', '/shop');
    await expectNoSeriousA11yViolations(page);

    // Escape closes it and gives focus back to the header's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(wishlistButton(page)).toBeFocused();

    await screenshotBothWidths(browser, '/shop', 'wishlist-sidebar', {
      storageState: await page.context().storageState(),
      fullPage: false,
      prepare: async (shot) => {
        await wishlistButton(shot).click();
        await expect(sidebar(shot).getByRole('listitem')).toHaveCount(1);
        // Let it finish sliding in.
        await sidebar(shot).evaluate((dialog) => Promise.all(dialog.getAnimations().map((a) => a.finished)));
      },
    });
  });

  await test.step('removing the row empties the wishlist', async () => {
    await wishlistButton(page).click();
    const dialog = sidebar(page);
    await dialog.getByRole('button', { name: `Remove ${productName} from wishlist` }).click();
    await expect(dialog.getByText(WISHLIST_MESSAGES.empty)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Wishlist (0)' })).toBeVisible();
    expect((await wishlistOf(shopper)).count).toBe(0);
    await dialog.getByRole('button', { name: 'Close wishlist' }).click();
    await expect(card.getByRole('button', { name: 'Add to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });
});

test('the sidebar lists and removes, and the search box suggests, without the store’s code', async ({
  page,
  context,
  shopper,
}) => {
  const { token } = shopper;
  const [product] = await productsWithSizes('limit=15', 1, 1);
  const addThroughApi = async () => {
    const added = await fetch(`${API_URL}/wishlist/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ productId: product!.id, variantId: sizesInStock(product!)[0]!.id }),
    });
    expect(added.status, await added.text()).toBeLessThan(300);
  };
  await addThroughApi();
  // The session cookie alone: the shopper context has them logged in from the server's HTML.
  await context.addCookies([
    { name: 'auth_token', value: token, domain: new URL(PUBLIC_API_URL).hostname, path: '/', httpOnly: true },
  ]);
  const scripts = recordScripts(page);
  await page.goto('/shop');
  await page.waitForLoadState('networkidle');

  await test.step('the search box suggests products as the shopper types', async () => {
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('jeans');
    await expect(page.getByRole('listbox', { name: 'Suggested products' }).getByRole('option').first()).toContainText(
      /jeans/i,
    );
    await box.press('Escape');
  });

  await test.step('the sidebar reads the wishlist on opening and removes the row', async () => {
    await expect(wishlistButton(page)).toHaveAccessibleName('Wishlist (1)');
    await wishlistButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Wishlist (1)' }).getByRole('listitem')).toHaveCount(1);
    const dialog = sidebar(page);
    await dialog.getByRole('button', { name: `Remove ${product!.name} from wishlist` }).click();
    await expect(page.getByText(WISHLIST_MESSAGES.removed)).toBeVisible();
    await expect(dialog.getByText(WISHLIST_MESSAGES.empty)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Wishlist (0)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close wishlist' }).click();
    await expect(dialog).toBeHidden();
    // The header's count follows the shopper context.
    await expect(wishlistButton(page)).toHaveAccessibleName('Wishlist');
    expect((await wishlistOf(shopper)).count).toBe(0);
  });

  expect(await storeScripts(scripts), 'store code for the suggestions and the sidebar').toEqual([]);

  await test.step('opening reads the wishlist again; after a logout the sidebar holds nothing', async () => {
    // Added elsewhere: the header's refs do not know it, the sidebar's read does.
    await addThroughApi();
    await wishlistButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Wishlist (1)' }).getByRole('listitem')).toHaveCount(1);
    await sidebar(page).getByRole('button', { name: 'Close wishlist' }).click();
    await expect(sidebar(page)).toBeHidden();
    await logOut(page, shopper);
    await wishlistButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Wishlist (0)' });
    await expect(dialog.getByText(WISHLIST_MESSAGES.loginToView)).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveCount(0);
  });
});

test('a shopper posts a review with a photo and sees the stats and the list change', async ({
  page,
  browser,
  shopper,
}) => {
  const { products } = await api<{ products: { id: string }[] }>('/products/search?limit=1&sort=price_desc');
  const productId = products[0]!.id;
  const before = await api<ReviewsPage>(`/reviews/product/${productId}`);
  const reviews = page.getByRole('region', { name: 'Ratings & reviews' });
  // Bars of every rating when all were written, else of the written reviews (docs/behaviour.md §3 Review).
  const bars = (of: ReviewsPage) =>
    of.stats.total === of.rating.count ? 'Ratings by stars' : 'Written reviews by stars';
  const fourStarsOf = (of: ReviewsPage) =>
    reviews
      .getByRole('list', { name: bars(of) })
      .getByRole('listitem')
      .nth(1);
  const ratings = (n: number) => `${new Intl.NumberFormat('en-IN').format(n)} ${n === 1 ? 'rating' : 'ratings'}`;

  await test.step('logged out, the form is replaced by a login button that opens the modal', async () => {
    await page.goto(`/shop/product/${productId}`);
    await expect(reviews.getByTestId('review-total')).toHaveText(
      before.rating.count > 0
        ? `Based on ${ratings(before.rating.count)}`
        : 'No reviews yet. Be the first to review this product.',
    );
    if (before.stats.total > 0) {
      await expect(fourStarsOf(before)).toContainText(`4 stars: ${before.stats.distribution[1]!.percentage}%`);
    }
    await expect(reviews.getByText(REVIEW_MESSAGES.loginRequired)).toBeVisible();
    await reviews.getByRole('button', { name: 'Login', exact: true }).click();
    await logInThroughModal(page, shopper);
  });

  const title = '<b>x</b> Soft and true to size';
  await test.step('post a four-star review', async () => {
    await reviews.locator('label', { hasText: '4 stars' }).click();
    await expect(reviews.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await reviews.getByLabel('Title').fill(title);
    await reviews.getByLabel('Your review').fill('Cotton that breathes.\nThe colour is as shown.');
    await reviews.getByLabel(/^Add photos/).setInputFiles(PHOTO);
    await expect(reviews.getByRole('img', { name: 'Photo 1: avatar.png' })).toHaveAttribute('src', /^blob:/);
    await reviews.getByRole('button', { name: 'Post review' }).click();
    await expect(page.getByText(REVIEW_MESSAGES.posted)).toBeVisible();
  });

  await test.step('the stats and the list show it, its title as text', async () => {
    const after = await api<ReviewsPage>(`/reviews/product/${productId}`);
    expect(after.stats.total).toBe(before.stats.total + 1);
    expect(after.stats.distribution[1]!.count).toBe(before.stats.distribution[1]!.count + 1);
    expect(after.rating.count).toBe(before.rating.count + 1);
    await expect(reviews.getByTestId('review-total')).toHaveText(`Based on ${ratings(after.rating.count)}`);
    await expect(reviews.getByTestId('written-total')).toHaveText(
      `${after.stats.total} ${after.stats.total === 1 ? 'written review' : 'written reviews'}`,
    );
    await expect(fourStarsOf(after)).toContainText(`4 stars: ${after.stats.distribution[1]!.percentage}%`);
    const review = reviews.getByRole('article', { name: `Review by ${after.reviews[0]!.author.name}` });
    await expect(review.getByRole('heading', { name: title })).toBeVisible();
    await expect(review.locator('b')).toHaveCount(0);
    await expect(review.getByText('Rated 4 out of 5')).toBeAttached();
    const photo = review.getByRole('img', { name: /^Photo 1 by / });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    // The form emptied itself for the next one.
    await expect(reviews.getByLabel('Title')).toHaveValue('');
    await expect(reviews.getByRole('list', { name: 'Photos to post' })).toHaveCount(0);
  });

  await test.step('a second review of the same product is refused with the server message', async () => {
    await reviews.locator('label', { hasText: '5 stars' }).click();
    await reviews.getByLabel('Title').fill('Again');
    await reviews.getByLabel('Your review').fill('Still good.');
    await reviews.getByRole('button', { name: 'Post review' }).click();
    await expect(reviews.getByText(REVIEW_MESSAGES.alreadyReviewed)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  await screenshotBothWidths(browser, `/shop/product/${productId}`, 'product-reviews', {
    storageState: await page.context().storageState(),
    fullPage: false,
    prepare: async (shot) => {
      // Below the sticky header; 'instant' because the page scrolls smoothly otherwise.
      await shot
        .getByRole('region', { name: 'Ratings & reviews' })
        .evaluate((section) =>
          window.scrollTo({ top: section.getBoundingClientRect().top + window.scrollY - 120, behavior: 'instant' }),
        );
    },
  });
});
