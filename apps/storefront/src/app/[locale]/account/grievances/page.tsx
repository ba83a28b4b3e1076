import { GENERIC_MESSAGES } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { AccountShell } from '@/features/account/account-shell';
import { accountShopper, readFailure } from '@/features/account/account-shopper';
import { SignedOutPlaceholder } from '@/features/account/signed-out-view';
import { GrievanceCard } from '@/features/grievances/grievance-card';
import { Link } from '@/i18n/navigation';
import { getMyGrievances } from '@/lib/api/server/shopper';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('grievances') };
}

/** The shopper's grievances with their status and the store's answers, rendered on the server. */
export default async function AccountGrievancesPage() {
  const t = await getTranslations('account');
  const [user, grievances] = await Promise.all([
    accountShopper('/account/grievances'),
    getMyGrievances().catch((error: unknown) => readFailure(error, GENERIC_MESSAGES.fallback)),
  ]);
  return (
    <AccountShell title={t('metadata.grievances')}>
      {!user || grievances === null ? (
        <SignedOutPlaceholder />
      ) : typeof grievances === 'string' ? (
        <LoadError message={grievances} />
      ) : (
        <div className="space-y-4">
          {grievances.length === 0 && <p className="text-sm text-stone-700">{t('grievance.none')}</p>}
          {grievances.map((g) => (
            <GrievanceCard key={g.number} grievance={g} />
          ))}
          <p className="text-sm">
            <Link href="/grievance" className="font-semibold text-brand-700 underline">
              {t('grievance.formHeading')}
            </Link>
          </p>
        </div>
      )}
    </AccountShell>
  );
}
