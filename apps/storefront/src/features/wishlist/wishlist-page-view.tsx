import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { SpecMessage } from '@/i18n/spec-messages';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { formatInteger } from '@/lib/format';
import { WishlistRowView } from './wishlist-row-view';

/** One page of the shopper's wishlist as the server read it (GET /wishlist?page&limit). */
export type WishlistPageData = {
  wishlist: WishlistEntry[];
  /** Entries in the whole wishlist. */
  count: number;
  meta: { currentPage: number; totalPages: number };
};

/** The /wishlist page's heading, with the count of entries when there are any. */
export function WishlistHeading({ count = 0 }: { count?: number }) {
  const t = useTranslations('wishlist');
  return (
    <h1 className="text-2xl font-bold tracking-tight text-stone-900">
      {t('heading')}
      {count > 0 && (
        <span className="ml-2 text-base font-normal text-stone-600">
          {t('count', { count, shown: formatInteger(count) })}
        </span>
      )}
    </h1>
  );
}

/**
 * The /wishlist page (behaviour.md §2) of a logged-in shopper: the sidebar's rows in a fuller
 * layout (brand, size, colour, stock), a page of 10 at a time with links to the pages before
 * and after (`?page=`). Without `onRemove` (the server's view, and until hydrated) the remove
 * buttons are disabled; `removing` lists the entries being removed.
 */
export function WishlistView({
  entries,
  count,
  meta,
  removing = [],
  onRemove,
}: {
  entries: readonly WishlistEntry[];
  count: number;
  meta: WishlistPageData['meta'];
  removing?: readonly string[];
  onRemove?: (entry: WishlistEntry) => void;
}) {
  const t = useTranslations('wishlist');
  return (
    <>
      <WishlistHeading count={count} />
      <div aria-live="polite">
        {entries.length === 0 && (
          <div className="flex flex-col items-center gap-4 py-12">
            <p className="text-stone-700">
              <SpecMessage text={WISHLIST_MESSAGES.empty} />
            </p>
            <Link
              href="/shop"
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('goShopping')}
            </Link>
          </div>
        )}
      </div>
      {entries.length > 0 && (
        <ul className="mt-6 grid gap-x-8 border-t border-stone-200 sm:grid-cols-2 [&>li]:border-b [&>li]:border-stone-200">
          {entries.map((entry) => (
            <WishlistRowView
              key={entry.id}
              entry={entry}
              full
              removing={removing.includes(entry.id)}
              onRemove={onRemove && (() => onRemove(entry))}
            />
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
  const t = useTranslations('common.ui.pagination');
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('label')} className="mt-8 flex items-center justify-center gap-3">
      {current > 1 && (
        <Link href={`/wishlist?page=${current - 1}`} rel="prev" className={arrow}>
          <ChevronLeftIcon width={16} height={16} />
          {t('previous')}
          <span className="sr-only">{t('pageSr')}</span>
        </Link>
      )}
      <p className="text-sm text-stone-700" aria-current="page">
        {t('pageOf', { current, total: totalPages })}
      </p>
      {current < totalPages && (
        <Link href={`/wishlist?page=${current + 1}`} rel="next" className={arrow}>
          {t('next')}
          <span className="sr-only">{t('pageSr')}</span>
          <ChevronRightIcon width={16} height={16} />
        </Link>
      )}
    </nav>
  );
}
