/**
 * The delivery promise's date as shoppers in India read it in English (docs/shopper-features.md
 * "Delivery by pincode"; its words are messages: product.delivery, common.totals), and the pincode
 * the browser remembers for next time.
 */

/** Where the last pincode checked is kept (localStorage: not a secret, only this browser's). */
export const PINCODE_KEY = 'vastra.delivery-pincode';

const dayFormat = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "2026-12-03" (a date in India) → "Thu, 3 Dec". */
export function formatDeliveryDate(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** Whether a typed pincode has the form the API takes (6 digits, not starting with 0). */
export function isPincode(value: string): boolean {
  return /^[1-9]\d{5}$/.test(value.trim());
}

/** The remembered pincode, or '' (none, or storage refused). */
export function rememberedPincode(): string {
  try {
    const value = window.localStorage.getItem(PINCODE_KEY) ?? '';
    return isPincode(value) ? value : '';
  } catch {
    return '';
  }
}

export function rememberPincode(pincode: string): void {
  try {
    window.localStorage.setItem(PINCODE_KEY, pincode);
  } catch {
    // Private mode or storage full: the pincode is simply asked again next time.
  }
}
