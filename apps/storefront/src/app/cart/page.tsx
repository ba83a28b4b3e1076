import type { Metadata } from 'next';
import { CartTemplate } from '@/features/cart/islands';

/** A shopper's own cart is never indexed. */
export const metadata: Metadata = { title: 'Shopping cart', robots: { index: false, follow: false } };

export default function CartPage() {
  return <CartTemplate />;
}
