import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RECENTLY_VIEWED } from '@vastra/contracts';
import { COOKIE_MAX_BYTES, cookieBytes, cookieString, cookieValue } from './browser-cookies';
import {
  RECENTLY_VIEWED_COOKIE,
  addRecentlyViewed,
  parseRecentlyViewed,
  recentlyViewedCookie,
  toRecentlyViewedProduct,
  type RecentlyViewedEntry,
  type RecentlyViewedProduct,
} from './recently-viewed';

/** A product as a card shows it; `n` makes the id (a UUID, as the API's) and the name. */
function product(n: number, name = `Roadster Men Navy Blue Checked Casual Shirt ${n}`): RecentlyViewedProduct {
  return toRecentlyViewedProduct({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    brand: 'Roadster',
    price: 1299,
    mrp: 1999,
    discountPercent: 35,
    inStock: true,
    rating: { average: 4.3, count: 120 },
    primaryImage: { url: `http://localhost:9000/media/products/${10000 + n}.jpg`, isPrimary: true },
  });
}

const ids = (list: RecentlyViewedEntry[]) => list.map((p) => Number(p.id.slice(-12)));

/** Views the products in order, as a shopper opening one page after another. */
const view = (...ns: number[]) =>
  ns.reduce<RecentlyViewedEntry[]>((list, n) => addRecentlyViewed(list, product(n).id), []);

describe('recently viewed (behaviour.md §3, §9)', () => {
  test('keeps the newest first', () => {
    assert.deepEqual(ids(view(1, 2, 3)), [3, 2, 1]);
  });

  test('lists a product once: viewing it again moves it to the front', () => {
    assert.deepEqual(ids(view(1, 2, 3, 1)), [1, 3, 2]);
    assert.deepEqual(ids(view(1, 1, 1)), [1]);
  });

  test('keeps at most 10, dropping the oldest', () => {
    assert.equal(RECENTLY_VIEWED.maxEntries, 10);
    const list = view(...Array.from({ length: 13 }, (_, i) => i + 1));
    assert.deepEqual(ids(list), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
  });

  test('keeps only the card fields, with the image as a same-origin path', () => {
    const kept = product(7);
    assert.deepEqual(Object.keys(kept).sort(), [
      'brand',
      'discountPercent',
      'id',
      'inStock',
      'mrp',
      'name',
      'price',
      'primaryImage',
      'rating',
    ]);
    assert.deepEqual(kept.primaryImage, { url: '/media/products/10007.jpg' });
  });

  test('is a JSON cookie kept 7 days, site-wide', () => {
    const cookie = recentlyViewedCookie(view(1, 2));
    assert.equal(cookie.name, RECENTLY_VIEWED_COOKIE);
    assert.equal(cookie.maxAgeDays, 7);
    const header = cookieString(cookie, false);
    assert.match(header, /; Max-Age=604800; Path=\/; SameSite=Lax$/);
    assert.match(cookieString(cookie, true), /; Secure$/);
    // What the browser sends back (name=value) reads as the same list.
    const sent = header.slice(0, header.indexOf(';'));
    assert.deepEqual(ids(parseRecentlyViewed(cookieValue(RECENTLY_VIEWED_COOKIE, `other=1; ${sent}`))), [2, 1]);
  });

  test('ten products of ordinary names fit in one cookie', () => {
    const cookie = recentlyViewedCookie(view(...Array.from({ length: 10 }, (_, i) => i + 1)));
    assert.equal(parseRecentlyViewed(cookie.value).length, 10);
    assert.ok(cookieBytes(cookie.name, cookie.value) <= COOKIE_MAX_BYTES);
  });

  test('keeps all ten of long-named products under 4 KB: the cookie holds slim entries, their ids', () => {
    const longName = (n: number) =>
      `${'Very long product name with many words, quotes "and" commas, कुर्ता '.repeat(6)}${n}`;
    const viewed = Array.from({ length: 10 }, (_, i) => product(i + 1, longName(i + 1)));
    const list = viewed.reduce<RecentlyViewedEntry[]>((acc, p) => addRecentlyViewed(acc, p.id), []);
    const cookie = recentlyViewedCookie(list);
    assert.ok(
      cookieBytes(cookie.name, cookie.value) <= COOKIE_MAX_BYTES,
      `${cookieBytes(cookie.name, cookie.value)} bytes`,
    );
    assert.deepEqual(ids(parseRecentlyViewed(cookie.value)), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    assert.deepEqual(JSON.parse(cookie.value)[0], { id: viewed[9]!.id });
  });

  test('an unreadable cookie is an empty list; bad entries and repeats are left out', () => {
    assert.deepEqual(parseRecentlyViewed(undefined), []);
    assert.deepEqual(parseRecentlyViewed('not json'), []);
    assert.deepEqual(parseRecentlyViewed('{"id":"x"}'), []);
    assert.deepEqual(
      parseRecentlyViewed(JSON.stringify([{ id: 'a' }, { id: 3 }, 'b', null, { id: '' }, { id: 'a' }])),
      [{ id: 'a' }],
    );
  });

  test("an older version's whole products are read for their ids", () => {
    assert.deepEqual(parseRecentlyViewed(JSON.stringify([product(2), { ...product(1), sizes: ['M'] }])), [
      { id: product(2).id },
      { id: product(1).id },
    ]);
  });
});
