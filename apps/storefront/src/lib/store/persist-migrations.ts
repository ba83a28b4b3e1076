import { createMigrate, type MigrationManifest, type PersistedState } from 'redux-persist';

/**
 * Versions of the state persisted in localStorage (`persist:vastra`) and how an older one is
 * brought up to date when a page restores it. Unversioned state (-1) is what versions before
 * the cookie-only session stored.
 */
export const PERSIST_VERSION = 2;

type Stored = Record<string, unknown> & PersistedState;

/**
 * 1: the browser no longer holds the session's token (it lives in the API's httpOnly cookie
 * alone). A token stored by an older version was readable by any script on the page: it goes
 * from the auth state and from each visited product entry, and the state written back after
 * the restore holds none.
 */
function dropSessionToken(state: Stored): Stored {
  const auth = state.auth as Record<string, unknown> | undefined;
  if (!auth || typeof auth !== 'object') return state;
  const { token: _token, ...rest } = auth;
  const visited = Array.isArray(rest.visitedProducts) ? (rest.visitedProducts as unknown[]) : [];
  return {
    ...state,
    auth: {
      ...rest,
      visitedProducts: visited.map((entry) =>
        entry && typeof entry === 'object' ? { ...(entry as object), authToken: null } : entry,
      ),
    },
  };
}

/**
 * 2: the empty customer, shipping and details slices are gone, and the checkout keeps the codes
 * applied rather than what they took off (the checkout quote says that now).
 */
function keepCodesOnly(state: Stored): Stored {
  const { customer: _customer, shipping: _shipping, details: _details, ...rest } = state;
  const checkout = rest.checkout as Record<string, unknown> | undefined;
  if (!checkout || typeof checkout !== 'object') return rest as Stored;
  const { appliedCoupon, giftCard, taxes: _taxes, taxesFor: _taxesFor, ...choices } = checkout;
  const codeOf = (applied: unknown) =>
    applied && typeof applied === 'object' && typeof (applied as { code?: unknown }).code === 'string'
      ? (applied as { code: string }).code
      : null;
  return {
    ...(rest as Stored),
    checkout: { ...choices, appliedCoupon: codeOf(appliedCoupon), giftCard: codeOf(giftCard) },
  };
}

const migrations: MigrationManifest = {
  1: (state) => (state ? dropSessionToken(state as Stored) : state),
  2: (state) => (state ? keepCodesOnly(state as Stored) : state),
};

/** redux-persist's `migrate` for the store's persist config. */
export const migratePersistedState = createMigrate(migrations);
