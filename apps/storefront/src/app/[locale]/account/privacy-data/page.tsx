import { GENERIC_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { CloseAccount } from '@/features/account/islands';
import { PrivacyDataView } from '@/features/account/privacy-data-view';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { getMyDataSummary } from '@/lib/api/server/shopper';
import { getConfig } from '@/lib/config';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('privacyData') };
}

/**
 * The shopper's data (docs/behaviour.md "Data rights: export, erasure, retention"): the summary and
 * the downloads rendered on the server, the closing of the account as an island.
 */
export default async function PrivacyDataPage() {
  const t = await getTranslations('account.metadata');
  const [user, summary] = await Promise.all([
    accountShopper('/account/privacy-data'),
    getMyDataSummary().catch((error: unknown) => readFailure(error, GENERIC_MESSAGES.fallback)),
  ]);
  return (
    <AccountShell title={t('privacyData')}>
      {!user || summary === null ? (
        <SignedOutPlaceholder />
      ) : typeof summary === 'string' ? (
        <LoadError message={summary} />
      ) : (
        <div className="space-y-8">
          <PrivacyDataView summary={summary} apiUrl={getConfig().publicApiUrl} />
          <CloseAccount
            reauth={summary.reauth}
            taxYears={summary.taxRecordYears}
            storeCreditBalance={summary.storeCreditBalance}
          />
        </div>
      )}
    </AccountShell>
  );
}
