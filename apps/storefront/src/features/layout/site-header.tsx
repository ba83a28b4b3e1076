import type { PublicStoreSettings } from '@vastra/contracts';
import { getImageProps } from 'next/image';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { isOptimisable, toMediaSrc } from '@/lib/media';
import { ChevronDownIcon } from '@/components/ui/icons';
import { CATEGORIES_UNAVAILABLE, categoryHref, type NavCategories } from './nav-model';
import { MobileMenu, SearchBox } from './header-islands';
import { LanguageSwitch } from './language-switch';

/**
 * The header: the store's logo and name (its settings), category navigation (mega menu on desktop, drawer on mobile), search, the
 * wishlist button, the account area and the cart, which the root layout hands in (`wishlist`,
 * `account`, `cart`) so this feature needs no other. When the categories could not be read
 * (`categories` null) the menu keeps 'Shop all' and says 'Failed to fetch categories'.
 */
export function SiteHeader({
  store,
  categories,
  account,
  wishlist,
  cart,
}: {
  store: PublicStoreSettings;
  categories: NavCategories;
  account: ReactNode;
  wishlist: ReactNode;
  cart: ReactNode;
}) {
  const t = useTranslations('common.header');
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <div className="relative mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 lg:flex-nowrap lg:gap-x-8 lg:py-0">
        <MobileMenu storeName={store.storeName} categories={categories} />
        <StoreMark store={store} />
        <CategoryNav categories={categories} />
        <div className="order-last w-full lg:order-none lg:ml-auto lg:w-96 lg:py-3">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          <LanguageSwitch className="hidden sm:inline-block" />
          {wishlist}
          {account}
          {cart}
        </div>
      </div>
    </header>
  );
}

/**
 * The desktop menu: each master category with its mega menu, then 'Shop all'; when the
 * categories could not be read (null), 'Shop all' and 'Failed to fetch categories'.
 */
export function CategoryNav({ categories }: { categories: NavCategories }) {
  const t = useTranslations('common.header');
  return (
    <nav aria-label={t('categories')} className="hidden self-stretch lg:block">
      <ul className="flex h-full items-stretch gap-1">
        {(categories ?? []).map((category) => (
          <li key={category.slug} className="group flex items-stretch">
            <Link
              href={categoryHref(category.slug)}
              className="flex items-center gap-1 border-b-2 border-transparent px-2 text-sm font-semibold tracking-wide whitespace-nowrap text-stone-800 uppercase group-focus-within:border-brand-700 group-hover:border-brand-700"
            >
              {category.name}
              {category.children.length > 0 && <ChevronDownIcon width={14} height={14} />}
            </Link>
            {category.children.length > 0 && (
              <div className="invisible absolute inset-x-4 top-full z-40 rounded-b-lg border border-stone-200 bg-white px-8 py-6 opacity-0 shadow-xl transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100">
                <ul className="grid grid-cols-5 gap-x-8 gap-y-6">
                  {category.children.slice(0, 10).map((sub) => (
                    <li key={sub.slug}>
                      <Link
                        href={categoryHref(sub.slug)}
                        prefetch={false}
                        className="text-sm font-semibold text-brand-700 hover:underline"
                      >
                        {sub.name}
                      </Link>
                      {sub.children.length > 0 && (
                        <ul className="mt-2 space-y-1.5">
                          {sub.children.map((article) => (
                            <li key={article.slug}>
                              <Link
                                href={categoryHref(article.slug)}
                                prefetch={false}
                                className="text-sm text-stone-700 hover:text-stone-900 hover:underline"
                              >
                                {article.name}
                              </Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
        <li className="flex items-stretch">
          <Link
            href="/shop"
            className="flex items-center border-b-2 border-transparent px-2 text-sm font-semibold tracking-wide whitespace-nowrap text-stone-800 uppercase hover:border-brand-700"
          >
            {t('shopAll')}
          </Link>
        </li>
        {categories === null && (
          <li className="flex items-center px-2 text-xs text-stone-600">{CATEGORIES_UNAVAILABLE}</li>
        )}
      </ul>
    </nav>
  );
}

/** The link home: the logo when the store has one, else the name's first letter; then the name. */
function StoreMark({ store }: { store: PublicStoreSettings }) {
  const t = useTranslations('common.header');
  const src = toMediaSrc(store.logoUrl);
  // next/image's attributes without its client component (see components/ui/media-image.tsx).
  const logo = src
    ? getImageProps({
        src,
        alt: '',
        width: 96,
        height: 32,
        unoptimized: !isOptimisable(src),
        className: 'h-8 w-auto object-contain',
      }).props
    : null;
  return (
    <Link href="/" className="flex items-center gap-2 py-1 lg:py-5" aria-label={t('home', { store: store.storeName })}>
      {logo ? (
        // eslint-disable-next-line @next/next/no-img-element -- next/image's own attributes (getImageProps)
        <img {...logo} alt="" />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-md bg-brand-700 text-lg font-bold text-white"
        >
          {store.storeName.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="text-xl font-bold tracking-tight text-stone-900">{store.storeName}</span>
    </Link>
  );
}
