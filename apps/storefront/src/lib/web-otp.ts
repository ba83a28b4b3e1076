/**
 * The WebOTP API (https://wicg.github.io/web-otp/): on a phone browser that supports it, the
 * code of an SMS ending in `@<this site's domain> #<code>` is offered to the page once the shopper
 * allows it, so they need not type it. Elsewhere nothing happens and the shopper types the code
 * (the field's `autocomplete="one-time-code"` lets the keyboard suggest it).
 */

/**
 * Waits for the code of an origin-bound SMS and gives it to `onCode`; returns the function that
 * stops waiting (at unmount, or when the shopper leaves the code step). Does nothing where the
 * browser has no WebOTP.
 */
export function listenForSmsCode(onCode: (code: string) => void): () => void {
  if (typeof window === 'undefined' || !('OTPCredential' in window)) return () => {};
  const abort = new AbortController();
  // `otp` is WebOTP's member of the request, which TypeScript's DOM types do not have yet.
  const request = { otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions;
  navigator.credentials
    .get(request)
    .then((credential) => {
      const code = (credential as (Credential & { code?: string }) | null)?.code;
      if (code && /^\d{6}$/.test(code)) onCode(code);
    })
    // Refused, timed out or stopped: the shopper types the code.
    .catch(() => {});
  return () => abort.abort();
}
