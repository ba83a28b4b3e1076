'use client';

import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '@/components/ui/icons';
import { LanguageSwitch } from './language-switch';
import { CATEGORIES_UNAVAILABLE, categoryHref, type NavCategories } from './nav-model';

/**
 * The category menu on small screens: a modal <dialog> sliding in from the left (the browser
 * handles focus trapping, Escape and the inert background). Without categories (their call
 * failed) it keeps 'Shop all' and says 'Failed to fetch categories'. Its top row has the
 * language switch, which the header row has no room for on a phone.
 */
export function MobileMenu({ storeName, categories }: { storeName: string; categories: NavCategories }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pathname = usePathname();
  const t = useTranslations('common.ui.menu');
  const tHeader = useTranslations('common.header');

  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);

  const close = () => dialogRef.current?.close();

  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
        className="-ml-2 grid size-10 place-items-center rounded-md text-stone-800 hover:bg-stone-100"
      >
        <MenuIcon width={22} height={22} />
        <span className="sr-only">{t('open')}</span>
      </button>
      <dialog
        ref={dialogRef}
        aria-label={t('label')}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
        className="m-0 h-dvh max-h-none w-[85vw] max-w-sm bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/50"
      >
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <p className="text-lg font-bold">{storeName}</p>
          <LanguageSwitch className="ml-auto" />
          <button
            type="button"
            onClick={close}
            className="grid size-10 place-items-center rounded-md hover:bg-stone-100"
          >
            <CloseIcon />
            <span className="sr-only">{t('close')}</span>
          </button>
        </div>
        <nav aria-label={tHeader('categories')} className="px-2 py-3">
          <ul className="space-y-1">
            <li>
              <Link
                href="/shop"
                prefetch={false}
                onClick={close}
                className="block rounded-md px-3 py-3 font-semibold hover:bg-stone-100"
              >
                {tHeader('shopAll')}
              </Link>
            </li>
            {categories === null && <li className="px-3 py-2 text-sm text-stone-600">{CATEGORIES_UNAVAILABLE}</li>}
            {(categories ?? []).map((category) => (
              <li key={category.slug}>
                {category.children.length > 0 ? (
                  <details className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-3 font-semibold hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
                      {category.name}
                      <ChevronDownIcon className="transition-transform group-open:rotate-180" />
                    </summary>
                    <ul className="mb-2 ml-3 border-l border-stone-200 pl-2">
                      <li>
                        <Link
                          href={categoryHref(category.slug)}
                          prefetch={false}
                          onClick={close}
                          className="block rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-stone-100"
                        >
                          {t('all', { name: category.name })}
                        </Link>
                      </li>
                      {category.children.map((sub) => (
                        <li key={sub.slug}>
                          <Link
                            href={categoryHref(sub.slug)}
                            prefetch={false}
                            onClick={close}
                            className="block rounded-md px-3 py-2 text-sm text-stone-700 hover:bg-stone-100"
                          >
                            {sub.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <Link
                    href={categoryHref(category.slug)}
                    prefetch={false}
                    onClick={close}
                    className="block rounded-md px-3 py-3 font-semibold hover:bg-stone-100"
                  >
                    {category.name}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </dialog>
    </div>
  );
}
