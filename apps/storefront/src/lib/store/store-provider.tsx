'use client';

import {
  Suspense,
  createContext,
  lazy,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { Persistor } from 'redux-persist';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper, type ShopperSnapshot } from '@/lib/shopper-context';
import type { ShopperLink } from './shopper-bridge';
import type { AppStore } from './store';
import type { StoreGate } from './store-gate';

/** The browser's store and its persistor, once loaded and restored, with the gate that provides the store. */
export type StoreRuntime = { store: AppStore; persistor: Persistor; Gate: typeof StoreGate };

const RuntimeContext = createContext<StoreRuntime | null>(null);

/** What building the store needs from the page: the API's address. */
type StoreConfig = { apiUrl: string };

let announceConfig: (config: StoreConfig) => void = () => {};
const configured = new Promise<StoreConfig>((resolve) => {
  announceConfig = resolve;
});
let announceRestored: (runtime: StoreRuntime) => void = () => {};
const restored = new Promise<StoreRuntime>((resolve) => {
  announceRestored = resolve;
});
let requested = false;
// The shopper context's side of the bridge (shopper-bridge.ts), set by the StoreProvider.
let shopperLink: ShopperLink | null = null;
let bridge: { push: (snapshot: ShopperSnapshot) => void } | null = null;

/** Resolves `restored` once the persistor has restored the state, after `first`. */
function announceWhenRestored(runtime: StoreRuntime, first: () => void) {
  const check = () => {
    if (!runtime.persistor.getState().bootstrapped) return false;
    first();
    announceRestored(runtime);
    return true;
  };
  if (check()) return;
  const unsubscribe = runtime.persistor.subscribe(() => {
    if (check()) unsubscribe();
  });
}

/**
 * Loads the store (Redux, RTK Query, redux-persist and the slices, in chunks of their own) the
 * first time something asks for it, and resolves once its persisted state is restored
 * (behaviour.md §4). Nothing asks on a page that does not need it: home, shop, category,
 * search and product pages run without it until the shopper does something that needs it.
 */
function requestStore(): Promise<StoreRuntime> {
  if (!requested && typeof window !== 'undefined') {
    requested = true;
    void configured
      .then((config) =>
        Promise.all([import('./store'), import('./store-gate'), import('./shopper-bridge')]).then(
          ([{ getStore }, { StoreGate }, { bridgeStore }]) => {
            const { store, persistor } = getStore(config);
            if (!persistor) return;
            // Bridged before anyone can dispatch, so no login or logout is missed.
            announceWhenRestored({ store, persistor, Gate: StoreGate }, () => {
              if (shopperLink) bridge = bridgeStore(store, shopperLink);
            });
          },
        ),
      )
      .catch((error: unknown) => console.error(error));
  }
  return restored;
}

/**
 * The store once it is loaded and its persisted state restored (behaviour.md §4), for code
 * that only dispatches on a click; calling it loads the store if nothing has yet.
 */
export function whenStoreReady(): Promise<StoreRuntime> {
  return requestStore();
}

/**
 * The Redux store's place in the app, rendered by the root layout around server-rendered
 * pages. It does not load the store: a PersistGate (or `storeIsland`) that mounts, or a call
 * of `whenStoreReady`, does. Once the store is there, the islands waiting for it render, and
 * the store is kept in step with the shopper context (lib/shopper-context.tsx), which the
 * server rendered and which the header reads. (The 401 handler's logout and navigation are
 * set by features/auth/session-keeper.tsx, not here.)
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { apiUrl } = usePublicConfig();
  const [runtime, setRuntime] = useState<StoreRuntime | null>(null);

  useEffect(() => {
    announceConfig({ apiUrl });
  }, [apiUrl]);

  useEffect(() => {
    let live = true;
    void restored.then((ready) => {
      // Every island waiting for the store renders now: as a transition, React does that work
      // in slices between frames instead of one long task (docs/performance.md).
      if (live) startTransition(() => setRuntime(ready));
    });
    return () => {
      live = false;
    };
  }, []);

  // The shopper context (the server's render) and the store, kept in step (shopper-bridge.ts).
  const shopper = useShopper();
  const latest = useRef(shopper);
  useEffect(() => {
    latest.current = shopper;
    bridge?.push(snapshotOf(shopper));
  }, [shopper]);
  useEffect(() => {
    shopperLink = {
      read: () => snapshotOf(latest.current),
      setWishlistRefs: (refs) => latest.current.updateWishlistRefs(() => refs),
    };
  }, []);

  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

function snapshotOf({ user, wishlistRefs }: ShopperSnapshot): ShopperSnapshot {
  return { user, wishlistRefs: user ? wishlistRefs : null };
}

/**
 * The store of this page once it is loaded, null before (and on the server). Whoever leaves
 * the app for another site (a payment page) flushes its persistor first, so the state the
 * next page restores is the latest; code that only dispatches on a click reads it here.
 */
export function useStoreRuntime(): StoreRuntime | null {
  return useContext(RuntimeContext);
}

/** The persistor of this page, null until the store is loaded and on the server. */
export function usePersistor(): Persistor | null {
  return useContext(RuntimeContext)?.persistor ?? null;
}

/**
 * Shows its children once the store is loaded and the persisted state restored
 * (behaviour.md §4), the fallback until then and in server HTML. Mounting it loads the store:
 * wrap only the client islands that cannot work without it, and mount them only when they are
 * needed (a page whose content is the store's, a dialog once opened); their modules are best
 * loaded with `storeIsland`, so that Redux stays out of the page's own JavaScript.
 */
export function PersistGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const runtime = useContext(RuntimeContext);
  useEffect(() => {
    void requestStore();
  }, []);
  if (!runtime) return fallback;
  const { Gate, store } = runtime;
  return (
    <Gate store={store}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </Gate>
  );
}

/**
 * A client island that uses the store: `load` imports its module (`() => import('./x').then(
 * (m) => m.X)`) once the store is there; the fallback shows until both are. Mounting it loads
 * the store (see PersistGate). Its props must be serialisable when a server component renders it.
 */
export function storeIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function StoreIsland(props: P) {
    return (
      <PersistGate fallback={fallback}>
        <Island {...props} />
      </PersistGate>
    );
  }
  return StoreIsland;
}
