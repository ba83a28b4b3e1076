import { PERSISTENCE_TIMEOUT_MS } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  createTransform,
  persistReducer,
  persistStore,
  type Persistor,
  type Storage,
} from 'redux-persist';
import autoMergeLevel2 from 'redux-persist/es/stateReconciler/autoMergeLevel2';
import { storefrontApi } from '@/lib/api/browser/api';
import { createBrowserApi } from '@/lib/api/browser/client';
import { keepRegionId } from '@/lib/region';
import { sessionExpired } from '@/lib/session-expiry';
import { authReducer } from './auth-slice';
import { createCartListeners } from './cart-listeners';
import { cartReducer } from './cart-slice';
import { PERSIST_VERSION, migratePersistedState } from './persist-migrations';
import { wishlistReducer } from './wishlist-slice';

/** The persisted slices: what the browser owns. */
const slices = {
  auth: authReducer,
  wishlist: wishlistReducer,
  cart: cartReducer,
};
// The RTK Query cache of API answers sits beside them and is never persisted.
const rootReducer = combineReducers({
  ...slices,
  [storefrontApi.reducerPath]: storefrontApi.reducer,
});
type SliceStates = ReturnType<typeof rootReducer>;

/**
 * What a reload must not bring back: calls in flight, their errors and one-off outcomes. The
 * rest of each slice is merged over its initial state, so the fields dropped here start fresh.
 */
const TRANSIENT: Record<string, readonly string[]> = {
  auth: ['loading', 'error', 'changePasswordOutput'],
  wishlist: ['loading', 'error', 'message', 'isOpen', 'deleteSuccess'],
  // The cart itself is kept under its own storage key (lib/cart-storage.ts), shared by all tabs.
  cart: ['loading', 'pendingCalls', 'error', 'cart'],
};
const withoutTransient = (slice: Record<string, unknown>, key: PropertyKey) => {
  const transient = TRANSIENT[String(key)] ?? ['loading', 'error'];
  return Object.fromEntries(Object.entries(slice).filter(([field]) => !transient.includes(field)));
};
// Both ways: what an older version stored is not brought back either.
const dropTransient = createTransform<Record<string, unknown>, Record<string, unknown>>(
  withoutTransient,
  withoutTransient,
);

// localStorage, looked up at call time: the same store module also renders on the server,
// where persistence never starts (see getStore).
const localStorageAdapter: Storage = {
  getItem: async (key: string) => window.localStorage.getItem(key),
  setItem: async (key: string, value: string) => window.localStorage.setItem(key, value),
  removeItem: async (key: string) => window.localStorage.removeItem(key),
};

/** behaviour.md §4: the slices are persisted and restored, giving up after PERSISTENCE_TIMEOUT_MS. */
const persistedReducer = persistReducer<SliceStates>(
  {
    key: 'vastra',
    version: PERSIST_VERSION,
    migrate: migratePersistedState,
    storage: localStorageAdapter,
    timeout: PERSISTENCE_TIMEOUT_MS,
    whitelist: Object.keys(slices),
    transforms: [dropTransient],
    stateReconciler: autoMergeLevel2,
  },
  rootReducer,
);

export type StoreOptions = {
  /** The API's address for browsers (PublicConfig.apiUrl). */
  apiUrl: string;
};

/**
 * Builds the store with its API client: the client sends the session cookie, and any 401
 * outside login and register goes to the one 401 handler (lib/session-expiry.ts, behaviour.md §4
 * Session expiry: the toast, logout, /auth/login, at most once per UNAUTHORIZED_DEBOUNCE_MS),
 * which the write helper's calls share.
 */
export function makeStore({ apiUrl }: StoreOptions) {
  const api = createBrowserApi({ baseUrl: apiUrl, onUnauthorized: () => void sessionExpired() });
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: { api } },
        // redux-persist's own actions carry functions.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      })
        .prepend(createCartListeners())
        .concat(storefrontApi.middleware),
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof persistedReducer>;
export type AppDispatch = AppStore['dispatch'];

let browserStore: { store: AppStore; persistor: Persistor } | undefined;

/**
 * The store of this page: one per browser tab, restored from localStorage by its persistor
 * (where the region id is kept too, behaviour.md §3).
 * On the server a fresh one per render with no persistor: server HTML shows the initial
 * state and whatever depends on persisted state waits behind a PersistGate.
 */
export function getStore(options: StoreOptions): { store: AppStore; persistor: Persistor | null } {
  if (typeof window === 'undefined') return { store: makeStore(options), persistor: null };
  if (!browserStore) {
    keepRegionId();
    const store = makeStore(options);
    browserStore = { store, persistor: persistStore(store) };
  }
  return browserStore;
}
