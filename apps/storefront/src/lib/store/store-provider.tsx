'use client';

import { useRouter } from 'next/navigation';
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
import type { AppStore } from './store';
import type { StoreGate } from './store-gate';

/** The browser's store and its persistor, once loaded and restored, with the gate that provides the store. */
export type StoreRuntime = { store: AppStore; persistor: Persistor; Gate: typeof StoreGate };

const RuntimeContext = createContext<StoreRuntime | null>(null);

let announceRestored: (runtime: StoreRuntime) => void = () => {};
const restored = new Promise<StoreRuntime>((resolve) => {
  announceRestored = resolve;
});

/**
 * The store once it is loaded and its persisted state restored (behaviour.md §4), for code
 * that only dispatches on a click (Add to cart) and so need not wait for it to render.
 */
export function whenStoreReady(): Promise<StoreRuntime> {
  return restored;
}

/** Resolves `whenStoreReady` once the persistor has restored the state. */
function announceWhenRestored(runtime: StoreRuntime) {
  const check = () => {
    if (!runtime.persistor.getState().bootstrapped) return false;
    announceRestored(runtime);
    return true;
  };
  if (check()) return;
  const unsubscribe = runtime.persistor.subscribe(() => {
    if (check()) unsubscribe();
  });
}

/**
 * The Redux store for the whole app, rendered by the root layout around server-rendered
 * pages. Redux, RTK Query, the slices and the contracts' schemas are loaded after the page
 * (a chunk of their own, not the page's first-load JavaScript), so the page shows and
 * hydrates without them. Only the islands that use the store wait for it, behind a
 * PersistGate, as they already waited for the persisted state: the server HTML and the
 * first paint show their fallback either way.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  // The store is made once per tab; it navigates through the latest router.
  const routerRef = useRef(router);
  useEffect(() => {
    routerRef.current = router;
  }, [router]);
  const [runtime, setRuntime] = useState<StoreRuntime | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([import('./store'), import('./store-gate')])
      .then(([{ getStore }, { StoreGate }]) => {
        const { store, persistor } = getStore({ apiUrl, navigate: (path) => routerRef.current.push(path) });
        if (!persistor) return;
        announceWhenRestored({ store, persistor, Gate: StoreGate });
        return restored;
      })
      .then((runtime) => {
        // Every island waiting for the store renders now: as a transition, React does that work
        // in slices between frames instead of one long task (docs/performance.md).
        if (live && runtime) startTransition(() => setRuntime(runtime));
      });
    return () => {
      live = false;
    };
  }, [apiUrl]);
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
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
 * (behaviour.md §4), the fallback until then and in server HTML. Wrap only the client islands
 * that depend on the store; their modules are best loaded with `storeIsland`, so that Redux
 * stays out of the page's own JavaScript.
 */
export function PersistGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const runtime = useContext(RuntimeContext);
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
 * (m) => m.X)`) once the store is there; the fallback shows until both are. Its props must
 * be serialisable when a server component renders it.
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
