import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UnsubscribePanel } from '@/features/alerts/unsubscribe-panel';
import { getUnsubscribeStatus } from '@/lib/api/server/alerts';

/** The page's title in its language. A link of one shopper's mail: never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('alerts'), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The alert mails' unsubscribe link (docs/shopper-features.md "Alerts"): works without a login;
 * whose mails it stops is read on the server, the button sends the change from the browser.
 */
export default async function UnsubscribeRoute({ searchParams }: Props) {
  const t = await getTranslations('account.alerts');
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const status = await getUnsubscribeStatus(token);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-semibold text-stone-900">{t('heading')}</h1>
      <UnsubscribePanel token={token} status={status} />
    </div>
  );
}
