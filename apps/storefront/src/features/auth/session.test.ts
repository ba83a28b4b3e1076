import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CART_MESSAGES, type Cart, type User } from '@vastra/contracts';
import { CART_STORAGE_KEY } from '@/lib/cart-storage';
import { GUEST_ID_STORAGE_KEY } from '@/lib/guest-id';
import { CHECKOUT_STORAGE_KEY } from '@/lib/checkout-storage';
import { MemoryStorage } from '@/test-support/memory-storage';
import { endSession, startSession, type SessionLink } from './session';

/**
 * What a login and a logout change in the browser (behaviour.md §4 Login state, Guest cart,
 * Logout), through the write helper and the real client; only `fetch`, localStorage and
 * `document.cookie` (a plain jar) are stand-ins.
 */
type Network = (url: string, init: RequestInit) => Promise<Response>;
let network: Network;
let asked: string[];
let storage: MemoryStorage;
let cookies: Map<string, string>;
let link: SessionLink & { users: (User | null)[]; refreshes: number };
let errors: unknown[][];
const realFetch = globalThis.fetch;
const realError = console.error;
const globals = globalThis as unknown as Record<string, unknown>;

beforeEach(() => {
  asked = [];
  errors = [];
  storage = new MemoryStorage();
  cookies = new Map();
  globals.window = {
    localStorage: storage,
    location: { protocol: 'http:' },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  globals.document = {
    get cookie() {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      const [pair] = assignment.split(';');
      const eq = pair!.indexOf('=');
      if (/Max-Age=0(;|$)/.test(assignment)) cookies.delete(pair!.slice(0, eq));
      else cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    },
  };
  link = {
    users: [],
    refreshes: 0,
    setUser: (user) => link.users.push(user),
    refresh: () => link.refreshes++,
  };
  globalThis.fetch = ((url: string, init: RequestInit) => {
    asked.push(`${init.method ?? 'GET'} ${url.replace(API, '')}`);
    return network(url, init);
  }) as typeof fetch;
  console.error = (...args: unknown[]) => errors.push(args);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  console.error = realError;
  delete globals.window;
  delete globals.document;
});

const API = 'http://api.test';
const GUEST = `guest_${'a1'.repeat(12)}b`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const asha = { id: 'u1', email: 'asha@example.com', name: 'Asha' } as User;
const cartOf = (id: string) =>
  ({ id, items: [], totalAmount: 0, updatedAt: '2026-01-05T10:00:00.000Z' }) as unknown as Cart;
const storedCartId = () => (JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? 'null') as Cart | null)?.id;

describe('after a login (behaviour.md §4)', () => {
  it("a guest's cart is merged into the user's, published, and the guest id forgotten; then the user and a new render", async () => {
    storage.setItem(GUEST_ID_STORAGE_KEY, GUEST);
    let body: unknown;
    network = async (_, init) => {
      body = JSON.parse(String(init.body));
      return json(200, { success: true, message: CART_MESSAGES.merged, data: { cart: cartOf('merged') } });
    };
    await startSession(API, asha, link);
    assert.deepEqual(asked, ['POST /cart/merge']);
    assert.deepEqual(body, { guestId: GUEST });
    assert.equal(storedCartId(), 'merged');
    assert.equal(storage.getItem(GUEST_ID_STORAGE_KEY), null);
    assert.deepEqual(link.users, [asha]);
    assert.equal(link.refreshes, 1);
  });

  it("a failed merge is only logged ('Failed to migrate cart'), and the user's own cart is read instead", async () => {
    storage.setItem(GUEST_ID_STORAGE_KEY, GUEST);
    network = async (url) =>
      url.endsWith('/cart/merge')
        ? json(500, { success: false })
        : json(200, { success: true, data: { cart: cartOf('own') } });
    await startSession(API, asha, link);
    assert.deepEqual(asked, ['POST /cart/merge', 'GET /cart']);
    assert.equal(errors[0]?.[0], CART_MESSAGES.merge);
    assert.equal(storedCartId(), 'own');
    assert.deepEqual(link.users, [asha]);
    assert.equal(link.refreshes, 1);
  });

  it("with no guest id the user's cart is read", async () => {
    network = async () => json(200, { success: true, data: { cart: cartOf('own') } });
    await startSession(API, asha, link);
    assert.deepEqual(asked, ['GET /cart']);
    assert.equal(storedCartId(), 'own');
    assert.deepEqual(link.users, [asha]);
  });
});

describe('logout (behaviour.md §4 Logout)', () => {
  it('ends the session at the API first, then forgets the guest id, the visited products, the cart, the checkout and the user', async () => {
    storage.setItem(GUEST_ID_STORAGE_KEY, GUEST);
    storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ userId: 'u1', addressDraft: { city: 'Pune' } }));
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(cartOf('mine')));
    cookies.set('visitedProducts', '[]');
    const seenAtLogout: unknown[] = [];
    network = async () => {
      seenAtLogout.push(link.users.length, storage.getItem(GUEST_ID_STORAGE_KEY));
      return json(200, { success: true, message: 'Logged out successfully' });
    };
    await endSession(API, link);
    assert.deepEqual(asked, ['POST /auth/logout']);
    assert.deepEqual(seenAtLogout, [0, GUEST]);
    assert.equal(storage.getItem(GUEST_ID_STORAGE_KEY), null);
    assert.equal(cookies.has('visitedProducts'), false);
    assert.equal(storedCartId(), undefined);
    assert.equal(storage.getItem(CHECKOUT_STORAGE_KEY), null);
    assert.deepEqual(link.users, [null]);
    assert.equal(link.refreshes, 1);
  });

  it('stands when the API cannot be reached', async () => {
    network = async () => {
      throw new TypeError('fetch failed');
    };
    await endSession(API, link);
    assert.deepEqual(link.users, [null]);
    assert.equal(link.refreshes, 1);
  });
});
