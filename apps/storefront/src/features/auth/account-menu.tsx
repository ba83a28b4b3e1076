'use client';

import type { User } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { usePathname, useRouter } from '@/i18n/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon } from '@/components/ui/icons';
import { ACCOUNT_LINKS } from '@/lib/account-links';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';
import { useSessionLink } from './use-session-link';

/**
 * The header's account menu for a logged-in shopper: their photo or initials and name, a
 * disclosure with Profile, Change password and Logout. Closes on Escape, an outside click and
 * navigation. Drawn from the shopper context; Logout (behaviour.md §4 Logout, logout.ts) loads
 * with the click.
 */
export function AccountMenu({ user }: { user: User }) {
  const t = useTranslations('account');
  const router = useRouter();
  const pathname = usePathname();
  const { apiUrl } = usePublicConfig();
  const session = useSessionLink();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A new page closes the menu (adjusted while rendering, not after).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const logout = async () => {
    setOpen(false);
    const { logOut } = await import('./logout');
    await logOut(apiUrl, session);
    // Account pages need a login; elsewhere the shopper stays where they are.
    if (pathname.startsWith('/account')) router.push('/');
  };

  // An account made with a mobile number goes by it until the shopper gives a name, and has no email.
  const shownName = user.name || (user.phone ? `+91 ${user.phone}` : '');
  const contact = user.email ?? (user.phone ? `+91 ${user.phone}` : '');

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={!hydrated}
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-semibold text-stone-800 hover:bg-stone-100"
      >
        <Avatar name={shownName} url={user.avatarUrl} size="sm" />
        <span className="sr-only max-w-32 truncate lg:not-sr-only lg:truncate">{shownName}</span>
        <ChevronDownIcon width={16} height={16} className={open ? 'rotate-180' : undefined} />
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-64 overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xl"
      >
        <div className="border-b border-stone-200 px-4 py-3">
          <p className="truncate font-semibold text-stone-900">{shownName}</p>
          <p className="truncate text-sm text-stone-600">{contact}</p>
        </div>
        <ul className="py-1">
          {ACCOUNT_LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={pathname === link.href ? 'page' : undefined}
                className="block px-4 py-2.5 text-sm text-stone-800 hover:bg-stone-100 aria-[current=page]:font-semibold aria-[current=page]:text-brand-700"
              >
                {t(`links.${link.label}`)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="border-t border-stone-200 py-1">
          <button
            type="button"
            onClick={logout}
            className="block w-full px-4 py-2.5 text-left text-sm text-stone-800 hover:bg-stone-100"
          >
            {t('auth.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
