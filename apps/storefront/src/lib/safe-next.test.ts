import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { safeNext } from './safe-next';

const SITE = 'http://localhost:3100';

describe('the page after logging in (?next=)', () => {
  test('a path on the store is kept with its query and fragment', () => {
    assert.equal(safeNext('/account/orders', SITE), '/account/orders');
    assert.equal(safeNext('/shop?categories=kurtas&page=2#results', SITE), '/shop?categories=kurtas&page=2#results');
    assert.equal(safeNext(['/wishlist', '/cart'], SITE), '/wishlist');
  });

  test('a language prefix is dropped: the router gives the path the page’s language', () => {
    assert.equal(safeNext('/hi/account/orders?page=2', SITE), '/account/orders?page=2');
    assert.equal(safeNext('/hi', SITE), '/');
    assert.equal(safeNext('/hindi-kurtas', SITE), '/hindi-kurtas');
  });

  test("an absolute URL of the store's own origin keeps only its path", () => {
    assert.equal(safeNext('http://localhost:3100/checkout?step=2', SITE), '/checkout?step=2');
    assert.equal(safeNext('https://shop.example.com/cart', 'https://shop.example.com'), '/cart');
  });

  test('nothing, or nothing readable, goes home', () => {
    assert.equal(safeNext(undefined, SITE), '/');
    assert.equal(safeNext('', SITE), '/');
    assert.equal(safeNext([], SITE), '/');
    assert.equal(safeNext('http://[bad', SITE), '/');
  });

  test('every way to another host goes home', () => {
    for (const next of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '//evil.example',
      '/hi//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example/x',
      'https://evil.example',
      'http://localhost:3100.evil.example/',
      'https://localhost:3100/account',
      'http://localhost:3101/account',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/.//evil.example',
      '/account/..//evil.example',
    ]) {
      assert.equal(safeNext(next, SITE), '/', JSON.stringify(next));
    }
  });
});
