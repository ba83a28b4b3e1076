import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { AccountNav } from './account-nav';
import { ShopperOnly } from './shopper-only';

/**
 * The frame of /account pages: breadcrumbs, the page title, the account navigation and the
 * content, which goes away when the shopper logs out on the page.
 */
export function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const t = useTranslations('account.shell');
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <Breadcrumbs
        items={[{ label: t('home'), href: '/' }, { label: t('myAccount'), href: '/account' }, { label: title }]}
      />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[14rem_1fr] lg:gap-10">
        <AccountNav />
        <div className="max-w-3xl min-w-0">
          <ShopperOnly>{children}</ShopperOnly>
        </div>
      </div>
    </div>
  );
}
