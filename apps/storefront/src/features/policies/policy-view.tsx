import type { PublicPolicy, PublicStoreSettings } from '@vastra/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';

/**
 * A policy page (behaviour.md "Policies and listing details"): the owner's text, in the one
 * language it is written in (English, marked `lang="en"`), under page chrome in the shopper's
 * language; the privacy page ends with the store's data protection contact. A server component:
 * no client JavaScript. `policy.html` is the API's rendering of the owner's Markdown, with raw
 * HTML and script links left out there.
 */
export function PolicyView({ policy, store }: { policy: PublicPolicy; store: PublicStoreSettings | null }) {
  const t = useTranslations('policies');
  const tUi = useTranslations('common.ui');
  const format = useFormatter();
  const contactEmail = store ? (store.dataProtectionOfficerEmail ?? store.contactEmail) : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Breadcrumbs items={[{ label: tUi('home'), href: '/' }, { label: policy.title }]} />
      <article lang="en" className="mt-4">
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{policy.title}</h1>
        <div
          className="policy-text mt-6 space-y-4 text-stone-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-stone-900 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_strong]:text-stone-900 [&_ul]:list-disc [&_ul]:pl-6"
          dangerouslySetInnerHTML={{ __html: policy.html }}
        />
      </article>
      {store && (
        <section aria-labelledby="dpo-heading" className="mt-10 rounded-xl border border-stone-200 bg-stone-50 p-5">
          <h2 id="dpo-heading" className="font-semibold text-stone-900">
            {t('dataProtectionHeading')}
          </h2>
          {store.dataProtectionOfficerName && <p className="mt-2 text-stone-700">{store.dataProtectionOfficerName}</p>}
          {contactEmail ? (
            <p className="mt-1">
              <a href={`mailto:${contactEmail}`} className="text-brand-700 underline">
                {contactEmail}
              </a>
            </p>
          ) : (
            <p className="mt-2 text-stone-700">{t('dataProtectionNone', { store: store.storeName })}</p>
          )}
        </section>
      )}
      <p className="mt-8 text-sm text-stone-600">
        {t('updated', {
          date: format.dateTime(new Date(policy.updatedAt), { dateStyle: 'long' }),
          version: policy.version,
        })}
      </p>
    </div>
  );
}
