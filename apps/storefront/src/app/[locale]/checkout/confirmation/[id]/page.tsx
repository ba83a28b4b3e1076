import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmationTemplate } from '@/features/checkout/islands';

/** The page's title in its language; a shopper's own checkout or order is never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('checkout.metadata');
  return { title: t('confirmationTitle'), robots: { index: false, follow: false } };
}

type Props = { params: Promise<{ id: string }> };

/** The order is read in the browser with the shopper's session (the API answers 404 to anyone else). */
export default async function ConfirmationPage({ params }: Props) {
  const { id } = await params;
  return <ConfirmationTemplate orderId={id} />;
}
