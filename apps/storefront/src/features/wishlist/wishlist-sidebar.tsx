'use client';

import { SpecMessage } from '@/i18n/spec-messages';
import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { CloseIcon } from '@/components/ui/icons';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import type { WishlistState } from './wishlist-state';
import { WishlistRow } from './wishlist-row';

/** The sidebar's state (use-wishlist-sidebar.ts), and what it reports back. */
export type WishlistSidebarProps = {
  state: WishlistState;
  /** Whether the shopper context has a user. */
  loggedIn: boolean;
  /** The dialog closed (its button, the overlay, Escape or a link). */
  onClosed: () => void;
  /** Removes an entry; resolves to whether it went. */
  onRemove: (entry: WishlistEntry) => Promise<boolean>;
};

/**
 * The wishlist sidebar (behaviour.md §2, §4): a modal <dialog> sliding in from the right (the browser
 * traps focus in it, makes the page behind inert and closes it on Escape), also closed by its
 * overlay, its close button and its links. Its title shows the count. Logged out it shows only
 * the login message and button; logged in a loading text, then the rows or the empty text.
 * Its state and calls are the island's (wishlist-sidebar-island.tsx, which reads the wishlist
 * again on opening); this is its markup. Focus goes back to the opener.
 */
export function WishlistSidebar({ state, loggedIn, onClosed, onRemove }: WishlistSidebarProps) {
  const { dialogProps, titleId, close } = useModalDialog(state.isOpen, { onClosed });
  const t = useTranslations('wishlist');

  return (
    <dialog
      {...dialogProps}
      className="my-0 mr-0 ml-auto h-dvh max-h-none w-[calc(100%-2.5rem)] max-w-md bg-white p-0 text-stone-900 shadow-2xl transition-transform duration-300 ease-out backdrop:bg-stone-900/50 starting:open:translate-x-full"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
          <h2 id={titleId} className="text-lg font-bold tracking-tight">
            {t('sidebarTitle', { count: state.count })}
          </h2>
          <button
            type="button"
            onClick={close}
            className="-mr-2 grid size-10 place-items-center rounded-md text-stone-700 hover:bg-stone-100"
          >
            <CloseIcon />
            <span className="sr-only">{t('close')}</span>
          </button>
        </div>
        {state.isOpen && <SidebarBody state={state} loggedIn={loggedIn} close={close} onRemove={onRemove} />}
      </div>
    </dialog>
  );
}

function SidebarBody({
  state: { items, loading, error },
  loggedIn,
  close,
  onRemove,
}: Omit<WishlistSidebarProps, 'onClosed'> & { close: () => void }) {
  const t = useTranslations('wishlist');
  if (!loggedIn) {
    return <LoginPrompt message={WISHLIST_MESSAGES.loginToView} beforeOpen={close} />;
  }
  return (
    <>
      <div className="flex-1 overflow-y-auto px-4" aria-busy={loading}>
        <div aria-live="polite">
          {loading && items.length === 0 ? (
            <p className="py-8 text-center text-stone-600">{t('loading')}</p>
          ) : error && items.length === 0 ? (
            <p className="py-8 text-center text-red-800">{error}</p>
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-stone-700">
              <SpecMessage text={WISHLIST_MESSAGES.empty} />
            </p>
          ) : null}
        </div>
        {items.length > 0 && (
          <ul className="divide-y divide-stone-200">
            {items.map((entry) => (
              <WishlistRow key={entry.id} entry={entry} onRemove={onRemove} />
            ))}
          </ul>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 border-t border-stone-200 p-4">
        <Link
          href="/wishlist"
          className="rounded-md border border-stone-300 px-3 py-2.5 text-center text-sm font-semibold text-stone-800 hover:border-stone-900"
        >
          {t('viewAll')}
        </Link>
        <Link
          href="/shop"
          className="rounded-md bg-brand-700 px-3 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('goShopping')}
        </Link>
      </div>
    </>
  );
}
