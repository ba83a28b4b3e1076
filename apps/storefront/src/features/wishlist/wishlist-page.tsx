'use client';

import { WISHLIST_MESSAGES } from '@vastra/contracts';
import Link from 'next/link';
import { useEffect } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { formatCount } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { PersistGate } from '@/lib/store/store-provider';
import { fetchWishlist } from '@/lib/store/wishlist-slice';
import { WishlistRow } from './wishlist-row';

/**
 * The /wishlist page (behaviour.md §2): the sidebar's rows in a fuller layout (brand, size, colour, stock),
 * a page of 10 at a time with links to the pages before and after (`?page=`).
 */
export function WishlistPage({ page }: { page: number }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <PersistGate fallback={<div aria-hidden="true" className="min-h-96" />}>
        <WishlistContent page={page} />
      </PersistGate>
    </div>
  );
}

function WishlistContent({ page }: { page: number }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const { items, count, loading, error, meta } = useAppSelector((state) => state.wishlist);

  useEffect(() => {
    if (isAuthenticated) void dispatch(fetchWishlist({ page }));
  }, [isAuthenticated, page, dispatch]);

  const heading = (
    <h1 className="text-2xl font-bold tracking-tight text-stone-900">
      My Wishlist
      {isAuthenticated && count > 0 && (
        <span className="ml-2 text-base font-normal text-stone-600">{formatCount(count, 'item')}</span>
      )}
    </h1>
  );
  if (!isAuthenticated) {
    return (
      <>
        {heading}
        <LoginPrompt message={WISHLIST_MESSAGES.loginToView} />
      </>
    );
  }
  const showingThisPage = meta.currentPage === page;
  return (
    <>
      {heading}
      <div aria-live="polite">
        {loading && (items.length === 0 || !showingThisPage) ? (
          <p className="py-12 text-center text-stone-600">Loading your wishlist...</p>
        ) : error && items.length === 0 ? (
          <p className="py-12 text-center text-red-800">{error}</p>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-12">
            <p className="text-stone-700">{WISHLIST_MESSAGES.empty}</p>
            <Link
              href="/shop"
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              Go to Shopping
            </Link>
          </div>
        ) : null}
      </div>
      {items.length > 0 && !(loading && !showingThisPage) && (
        <ul className="mt-6 grid gap-x-8 border-t border-stone-200 sm:grid-cols-2 [&>li]:border-b [&>li]:border-stone-200">
          {items.map((entry) => (
            <WishlistRow key={entry.id} entry={entry} full />
          ))}
        </ul>
      )}
      <Pager current={meta.currentPage} totalPages={meta.totalPages} />
    </>
  );
}

const arrow =
  'inline-flex h-10 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:border-stone-900';

function Pager({ current, totalPages }: { current: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-3">
      {current > 1 && (
        <Link href={`/wishlist?page=${current - 1}`} rel="prev" className={arrow}>
          <ChevronLeftIcon width={16} height={16} />
          Previous<span className="sr-only"> page</span>
        </Link>
      )}
      <p className="text-sm text-stone-700" aria-current="page">
        Page {current} of {totalPages}
      </p>
      {current < totalPages && (
        <Link href={`/wishlist?page=${current + 1}`} rel="next" className={arrow}>
          Next<span className="sr-only"> page</span>
          <ChevronRightIcon width={16} height={16} />
        </Link>
      )}
    </nav>
  );
}
