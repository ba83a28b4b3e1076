import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PersistedState } from 'redux-persist';
import { PERSIST_VERSION, migratePersistedState } from './persist-migrations';

const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(237)}.${'s'.repeat(43)}`;
const user = { id: 'u', email: 'asha@example.com', name: 'Asha Rao' };

/** What a version before the cookie-only session restored from localStorage (unversioned). */
const stored = () =>
  ({
    auth: {
      user,
      token: TOKEN,
      isAuthenticated: true,
      verificationEmailSent: false,
      visitedProducts: [
        { productId: 'p2', timestamp: '2025-01-01T10:02:00.000Z', authToken: TOKEN, guestId: null },
        { productId: 'p1', timestamp: '2025-01-01T10:01:00.000Z', authToken: null, guestId: 'guest_1' },
      ],
    },
    wishlist: { count: 2 },
    _persist: { version: -1, rehydrated: false },
  }) as unknown as PersistedState;

describe('persisted state migrations', () => {
  test("an older version's session token is dropped; the shopper stays logged in", async () => {
    const migrated = (await migratePersistedState(stored(), PERSIST_VERSION)) as unknown as Record<string, unknown>;
    assert.ok(!JSON.stringify(migrated).includes(TOKEN));
    const auth = migrated.auth as Record<string, unknown>;
    assert.equal('token' in auth, false);
    assert.equal(auth.isAuthenticated, true);
    assert.deepEqual(auth.user, user);
    assert.deepEqual(auth.visitedProducts, [
      { productId: 'p2', timestamp: '2025-01-01T10:02:00.000Z', authToken: null, guestId: null },
      { productId: 'p1', timestamp: '2025-01-01T10:01:00.000Z', authToken: null, guestId: 'guest_1' },
    ]);
    assert.deepEqual(migrated.wishlist, { count: 2 });
  });

  test('state of the current version and no state at all pass unchanged', async () => {
    const current = { auth: { user: null, isAuthenticated: false }, _persist: { version: PERSIST_VERSION } };
    assert.equal(await migratePersistedState(current as unknown as PersistedState, PERSIST_VERSION), current);
    assert.equal(await migratePersistedState(undefined, PERSIST_VERSION), undefined);
  });
});

describe('persisted state migration 2', () => {
  test('the placeholder slices go and the checkout keeps the codes applied', async () => {
    const older = {
      auth: { user: null, isAuthenticated: false },
      customer: { customer: null },
      shipping: { tracking: null },
      details: { product: null },
      checkout: {
        paymentMethod: 'cod',
        appliedCoupon: { code: 'WELCOME10', discountAmount: 200, description: '', quotedFor: '' },
        giftCard: null,
      },
      _persist: { version: 1, rehydrated: false },
    } as unknown as PersistedState;
    const migrated = (await migratePersistedState(older, PERSIST_VERSION)) as unknown as Record<string, unknown>;
    assert.equal('customer' in migrated || 'shipping' in migrated || 'details' in migrated, false);
    assert.deepEqual(migrated.checkout, { paymentMethod: 'cod', appliedCoupon: 'WELCOME10', giftCard: null });
  });
});
