import type { Metadata } from 'next';
import { ConfirmationTemplate } from '@/features/checkout/islands';

/** An order is its owner's alone: never indexed. */
export const metadata: Metadata = { title: 'Order confirmation', robots: { index: false, follow: false } };

type Props = { params: Promise<{ id: string }> };

/** The order is read in the browser with the shopper's session (the API answers 404 to anyone else). */
export default async function ConfirmationPage({ params }: Props) {
  const { id } = await params;
  return <ConfirmationTemplate orderId={id} />;
}
