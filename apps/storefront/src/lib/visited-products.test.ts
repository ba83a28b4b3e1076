import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { VISITED_PRODUCTS } from '@vastra/contracts';
import { COOKIE_MAX_BYTES, cookieBytes, cookieString } from './browser-cookies';
import {
  type VisitedProduct,
  VISITED_PRODUCTS_COOKIE,
  addVisitedProduct,
  parseVisitedProducts,
  visitedProductEntry,
  visitedProductsCookie,
  visitedProductsHoldToken,
  rewriteCookieWithToken,
} from './visited-products';

const GUEST = `guest_${'a1'.repeat(12)}b`;
// A session token of the API's length (a signed JWT of about 300 characters), as entries of
// versions before the cookie-only session held it.
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(237)}.${'s'.repeat(43)}`;
const start = Date.parse('2025-01-01T10:00:00.000Z');

const entry = (n: number, isAuthenticated = false): VisitedProduct =>
  visitedProductEntry({
    productId: `product-${n}`,
    at: new Date(start + n * 60_000),
    isAuthenticated,
    guestId: GUEST,
  });
/** An entry as an older version wrote it: the session's bearer in it. */
const withToken = (e: VisitedProduct) => ({ ...e, authToken: TOKEN, guestId: null });

const visit = (...ns: number[]) => ns.reduce<VisitedProduct[]>((list, n) => addVisitedProduct(list, entry(n)), []);
const products = (list: VisitedProduct[]) => list.map((e) => e.productId);

describe('visited products (behaviour.md §3, §9)', () => {
  test('keeps the newest first', () => {
    assert.deepEqual(products(visit(1, 2, 3)), ['product-3', 'product-2', 'product-1']);
  });

  test('adds a product only when it is not listed yet: a second visit changes nothing', () => {
    const list = visit(1, 2, 3);
    const again = addVisitedProduct(list, entry(1));
    assert.deepEqual(again, list);
    assert.equal(again.find((e) => e.productId === 'product-1')!.timestamp, '2025-01-01T10:01:00.000Z');
  });

  test('keeps at most 20, dropping the oldest', () => {
    assert.equal(VISITED_PRODUCTS.maxEntries, 20);
    const list = visit(...Array.from({ length: 25 }, (_, i) => i + 1));
    assert.equal(list.length, 20);
    assert.equal(list[0]!.productId, 'product-25');
    assert.equal(list.at(-1)!.productId, 'product-6');
  });

  test('an entry holds the product, the time (ISO) and the guest id when logged out', () => {
    assert.deepEqual(entry(1), {
      productId: 'product-1',
      timestamp: '2025-01-01T10:01:00.000Z',
      authToken: null,
      guestId: GUEST,
    });
  });

  test('an entry holds no auth token, and no guest id, when logged in (the session is an httpOnly cookie)', () => {
    const loggedIn = entry(2, true);
    assert.equal(loggedIn.authToken, null);
    assert.equal(loggedIn.guestId, null);
    const nobody = visitedProductEntry({ productId: 'p', at: new Date(start), isAuthenticated: false, guestId: null });
    assert.deepEqual([nobody.authToken, nobody.guestId], [null, null]);
  });

  test("an older version's tokens are dropped on reading and never written", () => {
    const old = [withToken(entry(2)), entry(1)];
    const stored = JSON.stringify(old);
    assert.equal(visitedProductsHoldToken(stored), true);
    const read = parseVisitedProducts(stored);
    assert.deepEqual(
      read.map((e) => e.authToken),
      [null, null],
    );
    assert.equal(visitedProductsHoldToken(visitedProductsCookie(read).value), false);
    const written = visitedProductsCookie(old as unknown as VisitedProduct[]).value;
    assert.ok(!written.includes(TOKEN));
    assert.equal(visitedProductsHoldToken(visitedProductsCookie(visit(1, 2)).value), false);
    assert.equal(visitedProductsHoldToken('[oops'), false);
  });

  test('is a JSON cookie kept 30 days', () => {
    const cookie = visitedProductsCookie(visit(1, 2));
    assert.equal(cookie.name, VISITED_PRODUCTS_COOKIE);
    assert.equal(cookie.maxAgeDays, 30);
    assert.match(cookieString(cookie, false), /; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    assert.deepEqual(parseVisitedProducts(cookie.value), visit(1, 2));
  });

  test("keeps all twenty products, of the API's UUIDs, under 4 KB, each entry with its null authToken", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ({
      ...entry(20 - i),
      productId: `00000000-0000-4000-8000-${String(20 - i).padStart(12, '0')}`,
    }));
    const cookie = visitedProductsCookie(twenty);
    assert.ok(
      cookieBytes(cookie.name, cookie.value) <= COOKIE_MAX_BYTES,
      `${cookieBytes(cookie.name, cookie.value)} bytes`,
    );
    assert.deepEqual(parseVisitedProducts(cookie.value), twenty);
    const written = JSON.parse(cookie.value) as Record<string, unknown>[];
    assert.deepEqual(Object.keys(written[0]!), ['productId', 'timestamp', 'authToken', 'guestId']);
  });

  test('every entry written to the cookie carries authToken as a key, null, never the token (behaviour.md §3)', () => {
    const list = [entry(3, true), entry(2), withToken(entry(1)) as unknown as VisitedProduct];
    const written = JSON.parse(visitedProductsCookie(list).value) as Record<string, unknown>[];
    assert.equal(written.length, 3);
    for (const stored of written) {
      assert.ok(Object.hasOwn(stored, 'authToken'), JSON.stringify(stored));
      assert.equal(stored.authToken, null);
    }
    assert.deepEqual(written[1], {
      productId: 'product-2',
      timestamp: '2025-01-01T10:02:00.000Z',
      authToken: null,
      guestId: GUEST,
    });
  });

  test('twenty guest entries fit in a cookie; with long entries the oldest go so that it stays under 4 KB', () => {
    const guests = visitedProductsCookie(visit(...Array.from({ length: 20 }, (_, i) => i + 1)));
    assert.equal(parseVisitedProducts(guests.value).length, 20);

    const long = Array.from({ length: 20 }, (_, i) => ({
      ...entry(20 - i),
      productId: `${'p'.repeat(300)}-${20 - i}`,
    }));
    const cookie = visitedProductsCookie(long);
    const kept = parseVisitedProducts(cookie.value);
    assert.ok(cookieBytes(cookie.name, cookie.value) <= COOKIE_MAX_BYTES);
    assert.ok(kept.length > 0 && kept.length < 20, `kept ${kept.length}`);
    assert.deepEqual(kept, long.slice(0, kept.length));
  });

  test('an unreadable cookie is an empty list; malformed entries are left out', () => {
    assert.deepEqual(parseVisitedProducts(null), []);
    assert.deepEqual(parseVisitedProducts('[oops'), []);
    assert.deepEqual(parseVisitedProducts(JSON.stringify([entry(1), { productId: 3 }, 'x'])), [entry(1)]);
  });
});

describe('the app start (behaviour.md §3)', () => {
  /** A browser's cookie jar for this test: the assignments made, and what `document.cookie` reads. */
  function withCookies(cookie: string, run: (assigned: string[]) => void) {
    const assigned: string[] = [];
    const globals = globalThis as unknown as Record<string, unknown>;
    globals.window = { location: { protocol: 'http:' } };
    globals.document = {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        assigned.push(value);
      },
    };
    try {
      run(assigned);
    } finally {
      delete globals.window;
      delete globals.document;
    }
  }

  test("rewrites a cookie an older version wrote with the session's token, without it", () => {
    const old = visitedProductsCookie(visit(1, 2));
    const withTokens = old.value.replaceAll('"authToken":null', `"authToken":"${TOKEN}"`);
    withCookies(cookieString({ ...old, value: withTokens }, false).split(';')[0]!, (assigned) => {
      rewriteCookieWithToken();
      assert.equal(assigned.length, 1);
      assert.ok(!assigned[0]!.includes(TOKEN));
      assert.equal(assigned[0], cookieString(old, false));
    });
  });

  test('leaves a cookie without tokens, or no cookie, as it is', () => {
    const current = visitedProductsCookie(visit(1, 2));
    for (const jar of [cookieString(current, false).split(';')[0]!, '']) {
      withCookies(jar, (assigned) => {
        rewriteCookieWithToken();
        assert.deepEqual(assigned, []);
      });
    }
  });
});
