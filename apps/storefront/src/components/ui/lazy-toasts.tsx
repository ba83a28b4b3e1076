'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';
import { useLocaliseMessage } from '@/i18n/spec-messages';

// Toasts answer what the shopper does, so their styling library loads after the page.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * The toasts (toasts.tsx), loaded after the page; a toast raised before they are up waits for
 * them. They are drawn in the browser only: server HTML of the toaster would be hydrated
 * whenever its chunk arrives, and a toast raised before that (Add to cart clicked early) made
 * the client's first render differ from it. They say their messages in the page's language;
 * the localiser is taken here, with the page, so the error states and forms that use it too
 * share this one copy rather than each carrying its own.
 */
export function LazyToasts() {
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const localise = useLocaliseMessage();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toasts localise={localise} />
    </Suspense>
  );
}
