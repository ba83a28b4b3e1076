import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { GrievanceForm, type GrievanceShopper } from '@/features/grievances/grievance-form';
import { GrievanceLookup } from '@/features/grievances/grievance-lookup';
import { OfficerPanel } from '@/features/grievances/officer-panel';
import { Link } from '@/i18n/navigation';
import { getCurrentShopper, getMyOrders } from '@/lib/api/server/shopper';
import { getStoreSettings } from '@/lib/api/server/store-settings';

/** The page's title in its language. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.metadata');
  return { title: t('grievance') };
}

/**
 * Grievance redressal (docs/behaviour.md "Grievances"), linked from every page's footer: the
 * grievance officer and customer care (store settings), the form (a signed-in shopper's name,
 * email and orders filled in on the server) and the status lookup by number and email.
 */
export default async function GrievancePage() {
  const t = await getTranslations('account.grievance');
  const [store, user] = await Promise.all([getStoreSettings(), getCurrentShopper().catch(() => null)]);
  const orders = user ? await getMyOrders(1, 50).catch(() => null) : null;
  const shopper: GrievanceShopper = user
    ? { name: user.name, email: user.email ?? '', orderNumbers: orders?.orders.map((o) => o.orderNumber) ?? [] }
    : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{t('heading')}</h1>
      <p className="mt-3 max-w-3xl text-sm text-stone-700">{t('intro')}</p>
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="lodge-grievance" className="min-w-0">
          <h2 id="lodge-grievance" className="mb-4 text-lg font-semibold text-stone-900">
            {t('formHeading')}
          </h2>
          <GrievanceForm shopper={shopper} />
        </section>
        <div className="space-y-8">
          <OfficerPanel store={store} />
          <section aria-labelledby="grievance-status">
            <h2 id="grievance-status" className="mb-4 text-lg font-semibold text-stone-900">
              {t('lookupHeading')}
            </h2>
            <GrievanceLookup />
            {user && (
              <p className="mt-4 text-sm">
                <Link href="/account/grievances" className="font-semibold text-brand-700 underline">
                  {t('seeYours')}
                </Link>
              </p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
