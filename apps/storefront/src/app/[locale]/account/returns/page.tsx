import { ORDER_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { ReturnsList } from '@/features/orders/returns-list';
import { getMyReturns } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.metadata');
  return { title: t('returns') };
}

/** How many return requests the page lists (the newest). */
const RETURNS_SHOWN = 50;

/** The shopper's return requests, rendered on the server. */
export default async function ReturnsPage() {
  const t = await getTranslations('orders.metadata');
  const [user, returns] = await Promise.all([
    accountShopper('/account/returns'),
    getMyReturns(1, RETURNS_SHOWN).catch((error: unknown) => readFailure(error, ORDER_MESSAGES.fetch)),
  ]);
  return (
    <AccountShell title={t('returns')}>
      {!user || returns === null ? (
        <SignedOutPlaceholder />
      ) : typeof returns === 'string' ? (
        <LoadError message={returns} />
      ) : (
        <ReturnsList returns={returns} />
      )}
    </AccountShell>
  );
}
