import { GENERIC_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { StoreCreditView } from '@/features/account/store-credit-view';
import { getMyWallet } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('storeCredit') };
}

/** The shopper's store credit: balance and ledger, rendered on the server. */
export default async function StoreCreditPage() {
  const t = await getTranslations('account.metadata');
  const [user, wallet] = await Promise.all([
    accountShopper('/account/store-credit'),
    getMyWallet().catch((error: unknown) => readFailure(error, GENERIC_MESSAGES.fallback)),
  ]);
  return (
    <AccountShell title={t('storeCredit')}>
      {!user || wallet === null ? (
        <SignedOutPlaceholder />
      ) : typeof wallet === 'string' ? (
        <LoadError message={wallet} />
      ) : (
        <StoreCreditView wallet={wallet} />
      )}
    </AccountShell>
  );
}
