/**
 * The shopper's pages tell one story (docs/behaviour.md §2, §3): a product's reviews section
 * gives the catalogue's ratings its summary gives, with "No written reviews yet"; the stock line
 * asks for a size until one is chosen and "Notify me" goes once a size in stock is; registering
 * from checkout comes back to checkout after the email's code, and the order's confirmation
 * opens at its top, the order number on screen (a phone's viewport, where checkout scrolls).
 */
import { CART_MESSAGES, type ProductDetail, type ProductSearchResult, type ReviewsPage } from '@vastra/contracts';
import { expect, test } from '@playwright/test';
import { LoginModal, accountMenuButton, newShopper, newestCodeFor } from '../support/accounts';
import { addToCart, chooseSize } from '../support/cart';
import { CheckoutPage } from '../support/checkout';
import { api, screenshotBothWidths } from '../support/pages';

const count = (n: number, unit: string) => `${new Intl.NumberFormat('en-IN').format(n)} ${n === 1 ? unit : `${unit}s`}`;

/** The first rated products (by the catalogue) with their details and first page of reviews. */
async function ratedProducts(): Promise<{ product: ProductDetail; reviews: ReviewsPage }[]> {
  const { products } = await api<ProductSearchResult>('/products/search?sort=rating&limit=30');
  return Promise.all(
    products.map(async ({ id }) => ({
      product: (await api<{ product: ProductDetail }>(`/products/${id}`)).product,
      reviews: await api<ReviewsPage>(`/reviews/product/${id}`),
    })),
  );
}

test('the reviews section gives the catalogue ratings of the summary, and "No written reviews yet"', async ({
  page,
  browser,
}) => {
  const found = (await ratedProducts()).find(
    ({ product, reviews }) => product.rating.count > 1 && reviews.stats.total === 0,
  );
  expect(found, 'a product rated in the catalogue without a written review').toBeTruthy();
  const { product, reviews: first } = found!;
  expect(first.rating).toEqual(product.rating);
  const section = page.getByRole('region', { name: 'Ratings & reviews' });

  await page.goto(`/shop/product/${product.id}`);
  await expect(
    page.getByText(`Rated ${product.rating.average.toFixed(1)} out of 5 from ${product.rating.count} ratings`),
  ).toBeAttached();
  await expect(section.getByTestId('review-total')).toHaveText(`Based on ${count(product.rating.count, 'rating')}`);
  await expect(section.getByText(`Average rating ${product.rating.average.toFixed(1)} out of 5`)).toBeAttached();
  await expect(section.getByTestId('written-total')).toHaveText('No written reviews yet.');
  await expect(section.getByText(/No reviews yet/)).toHaveCount(0);
  // Imported ratings come without their stars by count: no bars at 0 %.
  await expect(section.getByRole('list', { name: /by stars$/ })).toHaveCount(0);

  await screenshotBothWidths(browser, `/shop/product/${product.id}`, 'product-ratings', {
    fullPage: false,
    prepare: async (shot) => {
      await shot.getByRole('region', { name: 'Ratings & reviews' }).scrollIntoViewIfNeeded();
      await expect(shot.getByTestId('written-total')).toBeVisible();
    },
  });
});

test('the stock line asks for a size until one is chosen; "Notify me" goes once a size in stock is', async ({
  page,
  browser,
}) => {
  const { products } = await api<ProductSearchResult>('/products/search?sort=rating&limit=40');
  let product: ProductDetail | undefined;
  for (const { id } of products) {
    const { product: detail } = await api<{ product: ProductDetail }>(`/products/${id}`);
    const ofColour = detail.variants.filter((v) => v.color === detail.color);
    if (ofColour.some((v) => !v.inStock) && ofColour.filter((v) => v.stock > 5).length >= 2) {
      product = detail;
      break;
    }
  }
  expect(product, 'a product with a sold-out size and two sizes well in stock').toBeTruthy();
  const ofColour = product!.variants.filter((v) => v.color === product!.color);
  const soldOut = ofColour.find((v) => !v.inStock)!;
  const inStock = ofColour.find((v) => v.stock > 5)!;
  const status = page.getByTestId('stock-status');
  const notifyMe = page.getByRole('button', { name: `Notify me when size ${soldOut.size} is back` });

  await page.goto(`/shop/product/${product!.id}`);
  await test.step('no size chosen: one message, asking for a size; the sold-out size offers "Notify me"', async () => {
    await expect(status).toHaveText('Select a size to see its stock.');
    await expect(page.getByText('Select a size to see its stock.')).toHaveCount(1);
    await expect(notifyMe).toBeVisible();
  });

  await test.step(`size ${inStock.size} chosen: its stock, and no "Notify me"`, async () => {
    await chooseSize(page, inStock.size);
    await expect(status).toHaveText(`In stock in size ${inStock.size}`);
    await expect(page.getByText('Select a size to see its stock.')).toHaveCount(0);
    await expect(page.getByTestId('notify-me')).toHaveCount(0);
    await expect(notifyMe).toHaveCount(0);
  });

  await screenshotBothWidths(browser, `/shop/product/${product!.id}`, 'product-stock', {
    fullPage: false,
    prepare: async (shot) => {
      await expect(shot.getByTestId('stock-status')).toHaveText('Select a size to see its stock.');
      await shot.getByTestId('stock-status').scrollIntoViewIfNeeded();
    },
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('registering from checkout comes back to checkout; the confirmation opens at its top', async ({ page }) => {
    const { products } = await api<ProductSearchResult>('/products/search?categories=kurtas&sort=price_asc&limit=20');
    const details = await Promise.all(products.map((p) => api<{ product: ProductDetail }>(`/products/${p.id}`)));
    const product = details.map((d) => d.product).find((p) => p.variants.some((v) => v.stock >= 5))!;
    const size = product.variants.find((v) => v.stock >= 5)!;
    const shopper = newShopper('register-at-checkout');
    const checkout = new CheckoutPage(page);
    const main = page.getByRole('main');

    await test.step('a guest fills the cart and goes to checkout', async () => {
      await page.goto(`/shop/product/${product.id}`);
      await chooseSize(page, size.size);
      await addToCart(page, CART_MESSAGES.added);
      await checkout.goto();
    });

    await test.step('Login, then "Register Now" in the modal: the registration remembers checkout', async () => {
      await main.getByRole('button', { name: 'Login', exact: true }).click();
      const modal = new LoginModal(page);
      await expect(modal.dialog).toBeVisible();
      await modal.dialog.getByRole('link', { name: 'Register Now' }).click();
      await expect(page).toHaveURL(/\/auth\/register\?next=%2Fcheckout$/);
      await main.getByLabel('Full name').fill(shopper.name);
      await main.getByLabel('Email').fill(shopper.email);
      await main.getByLabel('Password').fill(shopper.password);
      await main.getByRole('button', { name: 'Create account' }).click();
      await expect(page).toHaveURL(/\/auth\/verify-email\?next=%2Fcheckout$/);
    });

    await test.step('the email code leads back to checkout, the cart still there', async () => {
      await main.getByLabel('Verification code').fill(await newestCodeFor(shopper.email));
      await main.getByRole('button', { name: 'Verify email' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(accountMenuButton(page, shopper)).toBeAttached();
      await expect(checkout.summary.getByTestId('summary-line')).toHaveCount(1);
    });

    await test.step('cash on delivery: the confirmation opens with the order number on screen', async () => {
      await checkout.typeAddress({ phone: '9988776655', postalCode: '110001', street: '21 Janpath' });
      await expect(checkout.state).toHaveValue('Delhi');
      await checkout.paymentMethod('Cash on delivery').check();
      await checkout.placeOrder.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY), 'the Place order button is far down').toBeGreaterThan(300);
      await checkout.placeOrder.click();
      await expect(page).toHaveURL(/\/checkout\/confirmation\//);
      await expect(main.getByRole('heading', { level: 1, name: 'Order placed' })).toBeVisible();
      await expect(main.getByTestId('order-number')).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeLessThan(50);
    });
  });
});
