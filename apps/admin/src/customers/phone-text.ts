import type { CustomerRow } from '@vastra/contracts';

/**
 * The account's mobile number as staff read it: `+91 98765 43210 (verified)` when a texted code
 * proved it (docs/behaviour.md "Phone sign-in"), `(not verified)` when only typed, or "no phone".
 */
export function phoneText(customer: Pick<CustomerRow, 'phone' | 'phoneVerified'>): string {
  if (!customer.phone) return 'no phone';
  const number = `+91 ${customer.phone.slice(0, 5)} ${customer.phone.slice(5)}`;
  return `${number} ${customer.phoneVerified ? '(verified)' : '(not verified)'}`;
}
