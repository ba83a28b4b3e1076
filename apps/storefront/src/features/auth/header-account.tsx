'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { UserIcon } from '@/components/ui/icons';
import { lazyIsland } from '@/lib/lazy-island';
import { useLoginModal } from '@/lib/login-modal';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';

// A logged-in shopper's menu: rendered by the server, its code loaded beside the page's, not in it.
const AccountMenu = lazyIsland(
  () => import('./account-menu').then((module) => module.AccountMenu),
  <span aria-hidden="true" className="block h-10 w-20" />,
);

// The modal's code loads when it is first opened.
const LoginModal = lazyIsland(() => import('./login-modal').then((module) => module.LoginModal));

/**
 * The header's account area (behaviour.md §2): the account menu when logged in, otherwise a
 * Login button and the login modal it opens. Drawn from the shopper context, which the server
 * rendered (lib/shopper-context.tsx), so the first HTML already shows the shopper's name and
 * nothing flips from "Login" to the menu. Its buttons are disabled until hydrated.
 */
export function HeaderAccount() {
  const t = useTranslations('account.auth');
  const { user } = useShopper();
  const { isOpen, open, close } = useLoginModal();
  const hydrated = useHydrated();
  // Once opened, the modal stays mounted, so it can close itself (and clear its error).
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);

  // Logged in (from the modal, or another tab's login brought by a new render): the modal has done its work.
  useEffect(() => {
    if (user && isOpen) close();
  }, [user, isOpen, close]);

  if (user) return <AccountMenu user={user} />;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        disabled={!hydrated}
        onClick={open}
        className="flex h-10 items-center gap-1.5 rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        <UserIcon width={18} height={18} />
        {t('login')}
      </button>
      {opened && <LoginModal />}
    </>
  );
}
