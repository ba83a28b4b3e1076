/**
 * Runs in the browser before any of the app's own modules (Next's client instrumentation
 * hook), to fit two libraries to the storefront's Content-Security-Policy (src/proxy.ts):
 * - zod compiles object schemas with `new Function` unless told not to, and probes for it as
 *   each schema is made; under a policy without 'unsafe-eval' the probe is a CSP violation.
 * - goober, the styling of react-hot-toast, creates its <style> element as react-hot-toast
 *   loads and gives it `window.__nonce__`; without this page's nonce the element is refused.
 *   The nonce is read from Next's scripts, which carry it (`.nonce` keeps the value the
 *   browser hides from the attribute).
 */

// A module (it imports nothing), so that the declarations below extend the global scope.
export {};

declare global {
  interface Window {
    __nonce__?: string;
  }
  // zod keeps its settings in this global, and takes an existing object as it loads.
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod itself loads later, with the islands that validate (never with the page), so its
// settings are put where it will find them rather than importing it here.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) window.__nonce__ = nonce;
