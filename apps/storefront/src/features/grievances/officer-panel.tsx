import type { PublicStoreSettings } from '@vastra/contracts';
import { useTranslations } from 'next-intl';

/** The grievance officer's name, designation and contact, and the store's customer care (store settings). */
export function OfficerPanel({ store }: { store: PublicStoreSettings }) {
  const t = useTranslations('account.grievance');
  const care = [store.contactEmail, store.contactPhone].filter(Boolean);
  return (
    <section aria-labelledby="grievance-officer" className="rounded-lg border border-stone-200 bg-stone-50 p-4 text-sm">
      <h2 id="grievance-officer" className="font-semibold text-stone-900">
        {t('officerHeading')}
      </h2>
      {store.grievanceOfficerName ? (
        <address className="mt-2 space-y-1 text-stone-700 not-italic">
          <p className="font-medium text-stone-900">{store.grievanceOfficerName}</p>
          {store.grievanceOfficerDesignation && <p>{store.grievanceOfficerDesignation}</p>}
          {store.grievanceOfficerEmail && (
            <p>
              {t('email')}:{' '}
              <a className="underline" href={`mailto:${store.grievanceOfficerEmail}`}>
                {store.grievanceOfficerEmail}
              </a>
            </p>
          )}
          {store.grievanceOfficerPhone && (
            <p>
              {t('phone')}:{' '}
              <a className="underline" href={`tel:${store.grievanceOfficerPhone.replace(/[^+\d]/g, '')}`}>
                {store.grievanceOfficerPhone}
              </a>
            </p>
          )}
        </address>
      ) : (
        <p className="mt-2 text-stone-700">{t('officerNotNamed')}</p>
      )}
      {care.length > 0 && (
        <p className="mt-3 text-stone-700">
          {t('customerCare')}: {care.join(' · ')}
        </p>
      )}
    </section>
  );
}
