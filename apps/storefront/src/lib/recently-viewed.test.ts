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

const ids = (list: RecentlyViewedProduct[]) => list.map((p) => Number(p.id.slice(-12)));

/** Views the products in order, as a shopper opening one page after another. */
const view = (...ns: number[]) =>
  ns.reduce<RecentlyViewedProduct[]>((list, n) => addRecentlyViewed(list, product(n)), []);

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

  test('drops the oldest entries when the JSON would pass the 4 KB cookie limit', () => {
    const longName = (n: number) => `${'Very long product name with many words, quotes "and" commas '.repeat(3)}${n}`;
    const list = Array.from({ length: 10 }, (_, i) => 10 - i).reduce<RecentlyViewedProduct[]>(
      (acc, n) => [...acc, product(n, longName(n))],
      [],
    );
    const cookie = recentlyViewedCookie(list);
    const kept = parseRecentlyViewed(cookie.value);
    assert.ok(cookieBytes(cookie.name, cookie.value) <= COOKIE_MAX_BYTES);
    assert.ok(kept.length < 10 && kept.length > 0, `kept ${kept.length}`);
    // The newest ones stay, in order.
    assert.deepEqual(ids(kept), ids(list).slice(0, kept.length));
  });

  test('an unreadable cookie is an empty list; bad entries and repeats are left out', () => {
    assert.deepEqual(parseRecentlyViewed(undefined), []);
    assert.deepEqual(parseRecentlyViewed('not json'), []);
    assert.deepEqual(parseRecentlyViewed('{"id":"x"}'), []);
    const good = product(1);
    assert.deepEqual(parseRecentlyViewed(JSON.stringify([good, { id: 'half' }, good, product(2)])), [good, product(2)]);
    const wrong = [
      { ...product(3), price: '999' },
      { ...product(4), discountPercent: 12.5 },
      { ...product(5), rating: { average: 4, count: 1.5 } },
      { ...product(6), primaryImage: { path: '/media/x.jpg' } },
      { ...product(7), inStock: 'yes' },
    ];
    assert.deepEqual(parseRecentlyViewed(JSON.stringify([...wrong, product(8)])), [product(8)]);
    // Fields a card does not show are not kept.
    const [read] = parseRecentlyViewed(JSON.stringify([{ ...product(9), sizes: ['M'], secret: 'x' }]));
    assert.deepEqual(read, product(9));
  });
});
