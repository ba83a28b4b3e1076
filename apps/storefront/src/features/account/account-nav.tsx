'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname } from '@/i18n/navigation';
import { ACCOUNT_LINKS } from '@/lib/account-links';

/** The account pages' navigation: tabs on small screens, a side list on large ones. */
export function AccountNav() {
  const t = useTranslations('account');
  const pathname = usePathname();
  return (
    <nav aria-label={t('shell.nav')} className="min-w-0">
      <ul className="flex gap-2 overflow-x-auto border-b border-stone-200 lg:flex-col lg:gap-1 lg:overflow-visible lg:border-0">
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={pathname === link.href ? 'page' : undefined}
              className="-mb-px block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap text-stone-700 hover:text-stone-900 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-700 lg:mb-0 lg:rounded-md lg:border-b-0 lg:aria-[current=page]:bg-brand-50"
            >
              {t(`links.${link.label}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
