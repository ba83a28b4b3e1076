/**
 * Cookies the browser itself writes (behaviour.md §3: the recently viewed and visited products lists).
 * Values are percent-encoded only where RFC 6265 forbids the character (quotes, commas,
 * semicolons, spaces, backslashes, `%` and non-ASCII), so JSON stays compact; the server
 * reads them back with `decodeURIComponent`, as Next's `cookies()` does.
 */

/** What every browser keeps of one cookie, `name=value` counted (RFC 6265 asks for at least 4096 bytes). */
export const COOKIE_MAX_BYTES = 4096;

const SECONDS_PER_DAY = 24 * 60 * 60;

export type BrowserCookie = {
  name: string;
  /** The raw value (e.g. JSON); encoded when written. */
  value: string;
  /** Lifetime in days, written as Max-Age in seconds. */
  maxAgeDays: number;
};

const NOT_COOKIE_OCTET = /[^\x21\x23\x24\x26-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/gu;

export function encodeCookieValue(value: string): string {
  return value.replace(NOT_COOKIE_OCTET, (c) => encodeURIComponent(c));
}

/** Bytes `name=value` takes once encoded (all ASCII after encoding). */
export function cookieBytes(name: string, value: string): number {
  return name.length + 1 + encodeCookieValue(value).length;
}

/**
 * The `document.cookie` assignment for a cookie: site-wide (`Path=/`), `SameSite=Lax`, `Secure`
 * on https, and `Max-Age` in seconds (0 deletes it).
 */
export function cookieString({ name, value, maxAgeDays }: BrowserCookie, secure: boolean): string {
  const maxAge = Math.round(maxAgeDays * SECONDS_PER_DAY);
  return `${name}=${encodeCookieValue(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The decoded value of a cookie in a `Cookie` header or `document.cookie` string, or null. */
export function cookieValue(name: string, cookies: string): string | null {
  for (const pair of cookies.split(/;\s*/)) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq) !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1));
    } catch {
      return null;
    }
  }
  return null;
}

/** Reads a cookie in the browser. */
export function readCookie(name: string): string | null {
  return cookieValue(name, document.cookie);
}

/** Writes a cookie in the browser. */
export function writeCookie(cookie: BrowserCookie): void {
  document.cookie = cookieString(cookie, window.location.protocol === 'https:');
}

/** Deletes a cookie in the browser. */
export function deleteCookie(name: string): void {
  writeCookie({ name, value: '', maxAgeDays: 0 });
}
