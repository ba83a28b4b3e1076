import { createMigrate, type MigrationManifest, type PersistedState } from 'redux-persist';

/**
 * Versions of the state persisted in localStorage (`persist:vastra`) and how an older one is
 * brought up to date when a page restores it. Unversioned state (-1) is what versions before
 * the cookie-only session stored.
 */
export const PERSIST_VERSION = 1;

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

const migrations: MigrationManifest = {
  1: (state) => (state ? dropSessionToken(state as Stored) : state),
};

/** redux-persist's `migrate` for the store's persist config. */
export const migratePersistedState = createMigrate(migrations);
