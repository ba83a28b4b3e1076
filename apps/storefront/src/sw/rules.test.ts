import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isCatalogueImage, isCataloguePage, isRscRequest, offlinePageFor } from './rules';

describe('what the service worker may keep for offline use', () => {
  test('catalogue pages in both languages are kept', () => {
    for (const path of [
      '/',
      '/shop',
      '/search',
      '/category/women',
      '/collections/summer-edit',
      '/shop/product/silk-saree-123',
      '/hi',
      '/hi/',
      '/hi/shop',
      '/hi/search',
      '/hi/category/men/kurtas',
      '/hi/shop/product/silk-saree-123',
    ]) {
      assert.equal(isCataloguePage(path), true, path);
    }
  });

  test("the shopper's own pages and sign-in pages are never kept", () => {
    for (const path of [
      '/account',
      '/account/orders/42',
      '/cart',
      '/checkout',
      '/checkout/confirmation/42',
      '/wishlist',
      '/auth/login',
      '/alerts',
      '/hi/account',
      '/hi/cart',
      '/hi/checkout',
      '/hi/wishlist',
      '/hi/auth/register',
      '/api/revalidate',
      '/shopping',
      '/category',
    ]) {
      assert.equal(isCataloguePage(path), false, path);
    }
  });

  test('the offline page is in the language of the page asked for', () => {
    assert.equal(offlinePageFor('/shop/product/x'), '/offline');
    assert.equal(offlinePageFor('/'), '/offline');
    assert.equal(offlinePageFor('/hindi-collection'), '/offline');
    assert.equal(offlinePageFor('/hi'), '/hi/offline');
    assert.equal(offlinePageFor('/hi/shop/product/x'), '/hi/offline');
  });

  test('React Server Components requests and prefetches are recognised', () => {
    const url = new URL('https://shop.example/shop');
    assert.equal(isRscRequest(url, new Headers({ RSC: '1' })), true);
    assert.equal(isRscRequest(url, new Headers({ 'Next-Router-Prefetch': '1' })), true);
    assert.equal(isRscRequest(new URL('https://shop.example/shop?_rsc=abc'), new Headers()), true);
    assert.equal(isRscRequest(url, new Headers({ accept: 'text/html' })), false);
  });

  test('only whole same-origin catalogue images are kept', () => {
    const none = new Headers();
    const url = (path: string) => new URL(`https://shop.example${path}`);
    assert.equal(isCatalogueImage(url('/media/p/1.jpg'), none, 'image', true), true);
    assert.equal(isCatalogueImage(url('/_next/image?url=%2Fmedia%2Fp%2F1.jpg&w=640&q=75'), none, 'image', true), true);
    assert.equal(
      isCatalogueImage(url('/_next/image?url=https%3A%2F%2Fapi%2Fa.jpg&w=64&q=75'), none, 'image', true),
      false,
    );
    assert.equal(isCatalogueImage(url('/media/p/1.mp4'), new Headers({ range: 'bytes=0-' }), 'video', true), false);
    assert.equal(isCatalogueImage(url('/media/p/1.mp4'), none, 'video', true), false);
    assert.equal(isCatalogueImage(new URL('https://api.example/media/avatar.jpg'), none, 'image', false), false);
  });
});
