import type { Metadata } from 'next';
import { connection } from 'next/server';
import { CheckoutTemplate } from '@/features/checkout/checkout-template';
import { getConfig } from '@/lib/config';

/** A shopper's own checkout is never indexed. */
export const metadata: Metadata = { title: 'Checkout', robots: { index: false, follow: false } };

/** The payment methods on offer come from the running server's environment, read per request. */
export default async function CheckoutPage() {
  await connection();
  return <CheckoutTemplate payments={getConfig().payments} />;
}
