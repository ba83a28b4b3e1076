import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CodConfirmPanel } from '@/features/orders/cod-confirm-panel';

/** The page's title in its language. A link of one shopper's message: never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.codConfirm');
  return { title: t('metadata'), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The confirmation link of a held cash on delivery order (docs/behaviour.md "COD
 * confirmation"): works without a login. Opening it changes nothing (mail and chat apps open
 * links to preview them); the button confirms the order from the browser.
 */
export default async function CodConfirmRoute({ searchParams }: Props) {
  const t = await getTranslations('orders.codConfirm');
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold text-stone-900">{t('heading')}</h1>
      <CodConfirmPanel token={token} />
    </div>
  );
}
