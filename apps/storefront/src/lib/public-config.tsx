'use client';

import { createContext, useContext, type ReactNode } from 'react';

/**
 * What client components may know of the runtime configuration (nothing secret): the API's
 * address for browsers, the Google OAuth client id (null when Google sign-in is off), this
 * page's CSP nonce, for scripts added at run time (null when the proxy did not run), and
 * Razorpay's checkout.js when the checkout page may open its modal (absent or null: it may not).
 */
export type PublicConfig = {
  apiUrl: string;
  googleClientId: string | null;
  nonce: string | null;
  razorpayCheckoutUrl?: string | null;
};

const PublicConfigContext = createContext<PublicConfig | null>(null);

/** Rendered by the root layout with values read on the server at request time. */
export function PublicConfigProvider({ value, children }: { value: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={value}>{children}</PublicConfigContext.Provider>;
}

export function usePublicConfig(): PublicConfig {
  const value = useContext(PublicConfigContext);
  if (!value) throw new Error('usePublicConfig must be used inside PublicConfigProvider');
  return value;
}
