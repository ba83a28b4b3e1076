/**
 * The words of the delivery promise (docs/shopper-features.md "Delivery by pincode"), one for the
 * product page, the cart and the checkout, the pincode the browser remembers for next time, and
 * the delivery charge's words.
 */
import { formatPrice, type DeliveryEstimate } from '@vastra/contracts';

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

/** "Delivery by Thu, 3 Dec" */
export function deliveryLine(estimate: Pick<DeliveryEstimate, 'deliveryBy'>): string {
  return `Delivery by ${formatDeliveryDate(estimate.deliveryBy)}`;
}

/** "Cash on delivery available" or not, at the pincode. */
export function codLine(estimate: Pick<DeliveryEstimate, 'codAvailable'>): string {
  return estimate.codAvailable ? 'Cash on delivery available' : 'Cash on delivery not available here';
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

/** The delivery charge as the totals show it (behaviour.md §4 Delivery charge and COD fee): "FREE" or "₹ 49". */
export function deliveryChargeText(amount: number): string {
  return amount === 0 ? 'FREE' : formatPrice(amount);
}

/** "Add ₹ 99 more for free delivery", or null when delivery is free already or has no threshold (0). */
export function freeDeliveryHint(shortfall: number): string | null {
  return shortfall > 0 ? `Add ${formatPrice(shortfall)} more for free delivery` : null;
}
