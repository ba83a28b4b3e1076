import type { Metadata } from 'next';
import { CheckoutTemplate } from '@/features/checkout/islands';

/** A shopper's own checkout is never indexed. */
export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };

/** Everything on the page is the shopper's own: it is read in the browser, with their session. */
export default function CheckoutPage() {
  return <CheckoutTemplate />;
}
