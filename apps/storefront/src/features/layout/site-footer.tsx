import { POLICY_SLUGS, type PublicStoreSettings } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { ReturnIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { categoryHref, type NavCategories } from './nav-model';
import { LanguageSwitch } from './language-switch';

/**
 * The footer: the store's name and contact details (its settings), shop links by category, the
 * five policy pages, reassurance, and the seller's details the Consumer Protection (E-Commerce)
 * Rules, 2020 ask for on every page (legal name, address, GSTIN, customer care, the grievance
 * page; behaviour.md "Grievances"), then the small print.
 */
export function SiteFooter({ store, categories }: { store: PublicStoreSettings; categories: NavCategories }) {
  const t = useTranslations('common.footer');
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-stone-200 bg-stone-50 text-sm text-stone-700">
      <ul className="mx-auto grid max-w-7xl gap-4 border-b border-stone-200 px-4 py-6 sm:grid-cols-3">
        <li className="flex items-center gap-3">
          <TruckIcon className="shrink-0 text-brand-700" />
          {t('deliveryAcrossIndia')}
        </li>
        <li className="flex items-center gap-3">
          <ReturnIcon className="shrink-0 text-brand-700" />
          {t('easyReturns')}
        </li>
        <li className="flex items-center gap-3">
          <ShieldIcon className="shrink-0 text-brand-700" />
          {t('pricesInclusive')}
        </li>
      </ul>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-lg font-bold text-stone-900">{store.storeName}</p>
          <p className="mt-2 max-w-xs text-stone-600">{t('tagline')}</p>
          {(store.contactEmail || store.contactPhone) && (
            <address className="mt-3 space-y-1 text-stone-600 not-italic">
              {store.contactEmail && (
                <a href={`mailto:${store.contactEmail}`} className="block hover:text-stone-900 hover:underline">
                  {store.contactEmail}
                </a>
              )}
              {store.contactPhone && (
                <a
                  href={`tel:${store.contactPhone.replace(/[^+\d]/g, '')}`}
                  className="block hover:text-stone-900 hover:underline"
                >
                  {store.contactPhone}
                </a>
              )}
            </address>
          )}
        </div>
        <nav aria-label={t('shop')}>
          <h2 className="font-semibold tracking-wide text-stone-900 uppercase">{t('shop')}</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link prefetch={false} href="/shop" className="hover:text-stone-900 hover:underline">
                {t('allProducts')}
              </Link>
            </li>
            <li>
              <Link prefetch={false} href="/shop?sort=newest" className="hover:text-stone-900 hover:underline">
                {t('newArrivals')}
              </Link>
            </li>
            <li>
              <Link prefetch={false} href="/shop?onSale=true" className="hover:text-stone-900 hover:underline">
                {t('onSale')}
              </Link>
            </li>
          </ul>
        </nav>
        {categories && categories.length > 0 && (
          <nav aria-label={t('footerCategories')}>
            <h2 className="font-semibold tracking-wide text-stone-900 uppercase">{t('categories')}</h2>
            <ul className="mt-3 space-y-2">
              {categories.map((category) => (
                <li key={category.slug}>
                  <Link
                    prefetch={false}
                    href={categoryHref(category.slug)}
                    className="hover:text-stone-900 hover:underline"
                  >
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <nav aria-label={t('policies')}>
          <h2 className="font-semibold tracking-wide text-stone-900 uppercase">{t('policies')}</h2>
          <ul className="mt-3 space-y-2">
            {POLICY_SLUGS.map((slug) => (
              <li key={slug}>
                <Link prefetch={false} href={`/policies/${slug}`} className="hover:text-stone-900 hover:underline">
                  {t(`policyLinks.${slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold tracking-wide text-stone-900 uppercase">{t('about')}</h2>
          <p className="mt-3 text-stone-600">{t('aboutText', { store: store.storeName })}</p>
          <p className="mt-3">
            <LanguageSwitch />
          </p>
        </div>
      </div>
      <section
        aria-label={t('sellerDetails')}
        className="mx-auto max-w-7xl space-y-1 border-t border-stone-200 px-4 py-4 text-xs text-stone-600"
      >
        {store.sellerName && (
          <p>
            {t('soldBy', { seller: store.sellerName, address: store.sellerAddress })}
            {' · '}
            {t('gstin', { gstin: store.sellerGstin })}
          </p>
        )}
        <p>
          {(store.contactEmail || store.contactPhone) && (
            <>
              {t('customerCare')}: {[store.contactEmail, store.contactPhone].filter(Boolean).join(' · ')}
              {' · '}
            </>
          )}
          <Link prefetch={false} href="/grievance" className="font-semibold underline hover:text-stone-900">
            {t('grievance')}
          </Link>
        </p>
      </section>
      <p className="border-t border-stone-200 py-4 text-center text-xs text-stone-600">
        {t('copyright', { year, store: store.storeName })}
      </p>
    </footer>
  );
}
