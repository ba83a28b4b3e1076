'use client';

import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { usePathname } from '@/i18n/navigation';
import {
  afterPageLoad,
  INSTALL_OFFER_KEY,
  isOrderConfirmation,
  parseInstallOfferState,
  shouldOfferInstall,
  VISIT_KEY,
  type InstallOfferState,
} from './install-offer-rule';

/** The shell's texts, from the `pwa` messages in the page's language (pwa-island.tsx). */
export type PwaTexts = Record<'offlineNotice' | 'installTitle' | 'installBody' | 'install' | 'notNow', string>;

/** Chromium's `beforeinstallprompt` event, which no TypeScript library declares yet. */
type InstallPromptEvent = Event & { prompt(): Promise<void> };

/** The service worker's address (src/app/serwist/[path]/route.ts); it controls the whole site. */
const SERVICE_WORKER_URL = '/serwist/sw.js';

function subscribeToConnection(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Registers the service worker once the page has loaded and the browser is idle, so it never
 * competes with the page's own requests on a weak network. Not under `next dev`.
 */
function registerServiceWorkerWhenIdle(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {});
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register) : setTimeout(register, 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function readState(): InstallOfferState {
  try {
    return parseInstallOfferState(localStorage.getItem(INSTALL_OFFER_KEY));
  } catch {
    return parseInstallOfferState(null);
  }
}

function saveState(state: InstallOfferState): void {
  try {
    localStorage.setItem(INSTALL_OFFER_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the offer is then simply not remembered.
  }
}

/**
 * The installable app's part of every page (docs/behaviour.md "Offline and installing the app"):
 * registers the service worker, shows "You are offline" (a status message) while the browser
 * has no connection, and offers "Add to home screen" once, by install-offer-rule.ts, with the
 * browser's own install prompt.
 */
export function PwaShell({ texts }: { texts: PwaTexts }) {
  const pathname = usePathname();
  const online = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  const deferred = useRef<InstallPromptEvent | null>(null);
  const [offer, setOffer] = useState<InstallPromptEvent | null>(null);

  const offerIfDue = () => {
    const state = readState();
    if (!deferred.current || !shouldOfferInstall(state)) return;
    saveState({ ...state, offered: true });
    setOffer(deferred.current);
    deferred.current = null;
  };

  useEffect(() => {
    registerServiceWorkerWhenIdle();
    const onPrompt = (event: Event) => {
      // The browser's own banner would come on the first visit too; ours comes when due.
      event.preventDefault();
      deferred.current = event as InstallPromptEvent;
      offerIfDue();
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  useEffect(() => {
    let newVisit = false;
    try {
      newVisit = sessionStorage.getItem(VISIT_KEY) === null;
      sessionStorage.setItem(VISIT_KEY, '1');
    } catch {
      // Without sessionStorage no visit is counted: the offer then waits for an order.
    }
    saveState(afterPageLoad(readState(), { newVisit, orderConfirmation: isOrderConfirmation(pathname) }));
    offerIfDue();
  }, [pathname]);

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-2 p-3">
      <div role="status" className="empty:hidden">
        {online ? null : (
          <p className="pointer-events-auto rounded-md bg-stone-900 px-4 py-2 text-sm text-white shadow-lg">
            {texts.offlineNotice}
          </p>
        )}
      </div>
      {offer && (
        <section
          aria-labelledby="install-offer-title"
          className="pointer-events-auto w-full max-w-md rounded-lg border border-stone-200 bg-white p-4 shadow-lg"
        >
          <h2 id="install-offer-title" className="font-semibold text-stone-900">
            {texts.installTitle}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{texts.installBody}</p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              onClick={() => void offer.prompt().finally(() => setOffer(null))}
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {texts.install}
            </button>
            <button
              type="button"
              onClick={() => setOffer(null)}
              className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900"
            >
              {texts.notNow}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
