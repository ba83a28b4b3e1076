/**
 * The commerce backend through the storefront: the homepage's promotion banner from
 * GET /store/promotion, and the shopper's backend cart behind the storefront's
 * /api/commerce routes, its id kept in a sealed httpOnly cookie.
 */
import { randomUUID } from 'node:crypto';
import {
  CART_MESSAGES,
  COMMERCE_MESSAGES,
  COUPON_MESSAGES,
  type ProductDetail,
  type ProductSearchResult,
} from '@vastra/contracts';
import { expect, test, type APIResponse } from '@playwright/test';
import { api, expectNoSeriousA11yViolations, screenshotBothWidths } from '../support/pages';
import { API_URL, PUBLISHABLE_KEY } from '../support/stack';

type Promotion = { code: string; description: string };
type Cart = {
  id: string;
  items: { id: string; variant_id: string; quantity: number; unit_price: number }[];
  subtotal: number;
  discount_total: number;
  total: number;
  promotions: { code: string }[];
};

const CART_COOKIE = 'vastra_commerce_cart';

async function runningPromotions(): Promise<Promotion[]> {
  const res = await fetch(`${API_URL}/store/promotion`, { headers: { 'x-publishable-api-key': PUBLISHABLE_KEY } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { promotions: Promotion[] }).promotions;
}

/** A size in stock of a product of the catalogue. */
async function sizeInStock(): Promise<{ id: string; price: number }> {
  const { products } = await api<ProductSearchResult>('/products/search?limit=5&sort=price_desc');
  for (const summary of products) {
    const { product } = await api<{ product: ProductDetail }>(`/products/${summary.id}`);
    const size = product.variants.find((v) => v.stock >= 3);
    if (size) return { id: size.id, price: size.price };
  }
  throw new Error('no size in stock among the first products');
}

const cartOf = async (res: APIResponse) => ((await res.json()) as { cart: Cart | null }).cart;

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

test('the backend cart lives behind a sealed httpOnly cookie', async ({ page, context }) => {
  const size = await sizeInStock();
  const request = context.request;

  const noRegion = await request.post('/api/commerce/cart/line-items', { data: { variant_id: size.id, quantity: 1 } });
  expect(noRegion.status()).toBe(400);
  expect(await noRegion.json()).toEqual({ message: COMMERCE_MESSAGES.regionNotSet });
  expect(await cartOf(await request.get('/api/commerce/cart'))).toBeNull();

  const added = await request.post('/api/commerce/cart/line-items', {
    data: { variant_id: size.id, quantity: 2, region_id: 'india_region' },
  });
  expect(added.status()).toBe(200);
  const cart = (await cartOf(added))!;
  expect(cart.items.map((i) => [i.variant_id, i.quantity])).toEqual([[size.id, 2]]);
  expect(cart.subtotal).toBe(2 * size.price);

  const cookie = (await context.cookies()).find((c) => c.name === CART_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.value).not.toContain(cart.id);
  await page.goto('/');
  expect(await page.evaluate(() => document.cookie)).not.toContain(CART_COOKIE);

  const again = await cartOf(await request.get('/api/commerce/cart'));
  expect(again?.id).toBe(cart.id);

  const unknownSize = await request.post('/api/commerce/cart/line-items', {
    data: { variant_id: randomUUID(), quantity: 1, region_id: 'india_region' },
  });
  expect(unknownSize.status()).toBe(404);
  expect(await unknownSize.json()).toEqual({ message: CART_MESSAGES.variantNotFound });
  expect((await cartOf(await request.get('/api/commerce/cart')))?.id, 'a refused add keeps the cart').toBe(cart.id);

  const discounted = await request.post('/api/commerce/cart/promotions', { data: { code: 'welcome10' } });
  expect(discounted.status()).toBe(200);
  const withCoupon = (await cartOf(discounted))!;
  expect(withCoupon.promotions.map((p) => p.code)).toEqual(['WELCOME10']);
  expect(withCoupon.discount_total).toBe(Math.min(Math.round(2 * size.price * 10) / 100, 500));
  expect(withCoupon.total).toBe(Math.round((withCoupon.subtotal - withCoupon.discount_total) * 100) / 100);

  const unknown = await request.post('/api/commerce/cart/promotions', { data: { code: 'NOPE' } });
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toEqual({ message: COUPON_MESSAGES.notFound });

  const removed = await request.delete(`/api/commerce/cart/line-items/${cart.items[0]!.id}`);
  expect((await cartOf(removed))?.items).toEqual([]);

  await context.addCookies([{ ...cookie!, value: `${cookie!.value.slice(0, -4)}AAAA` }]);
  expect(await cartOf(await request.get('/api/commerce/cart')), 'an altered cookie names no cart').toBeNull();
});
