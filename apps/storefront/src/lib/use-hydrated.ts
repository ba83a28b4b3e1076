'use client';

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * False in server HTML and while React hydrates it, true once this component is interactive.
 * A control that must not lose a click renders `disabled={!hydrated}` (docs/architecture.md
 * "Storefront data flow"): a click on it before hydration would do nothing, and Playwright
 * (like a shopper) waits for it to be enabled.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, inBrowser, onServer);
}
