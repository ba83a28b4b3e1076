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
// Only zod's config, not zod: schemas are loaded by the pages that validate with them.
import { config } from 'zod/v4/core';

declare global {
  interface Window {
    __nonce__?: string;
  }
}

config({ jitless: true });

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) window.__nonce__ = nonce;
