import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CartRemindersUnsubscribePanel } from '@/features/cart-reminders/unsubscribe-panel';
import { getCartRemindersUnsubscribeStatus } from '@/lib/api/server/cart-reminders';

/** The page's title in its language. A link of one shopper's mail: never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('cartReminders'), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The cart reminders' unsubscribe link (docs/behaviour.md "Cart reminders"): works without a
 * login; whose reminders it stops is read on the server, the button sends the change from the browser.
 */
export default async function CartRemindersUnsubscribeRoute({ searchParams }: Props) {
  const t = await getTranslations('account.cartReminders');
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const status = await getCartRemindersUnsubscribeStatus(token);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold text-stone-900">{t('heading')}</h1>
      <CartRemindersUnsubscribePanel token={token} status={status} />
    </div>
  );
}
