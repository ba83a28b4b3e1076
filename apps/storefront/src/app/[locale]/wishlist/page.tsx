import { WISHLIST_MESSAGES, WISHLIST_PAGE_SIZE } from '@vastra/contracts';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoadError } from '@/components/ui/load-error';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { readFailure } from '@/features/account/account-shopper';
import { ShopperOnly } from '@/features/account/shopper-only';
import { WishlistPage } from '@/features/wishlist/islands';
import { PriceAlertsHint } from '@/features/wishlist/price-alerts-hint';
import { WishlistHeading, WishlistView } from '@/features/wishlist/wishlist-page-view';
import { getWishlistPage } from '@/lib/api/server/shopper';

/** A shopper's own list: never indexed. */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('wishlist');
  return { title: t('title'), robots: { index: false, follow: false } };
}

type Props = { searchParams: Promise<{ page?: string | string[] }> };

/**
 * /wishlist (behaviour.md §2): the logged-in shopper's page `?page=` of their wishlist, read on the
 * server, with a link to turn price-drop mails on while they are off; a guest (or a session that
 * has ended) gets the login prompt.
 */
export default async function WishlistRoute({ searchParams }: Props) {
  const raw = (await searchParams).page;
  const parsed = Number.parseInt(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''), 10);
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  const wishlist = await getWishlistPage(page, WISHLIST_PAGE_SIZE).catch((error: unknown) =>
    readFailure(error, WISHLIST_MESSAGES.fetchError),
  );
  const signedOut = (
    <>
      <WishlistHeading />
      <LoginPrompt message={WISHLIST_MESSAGES.loginToView} />
    </>
  );
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      {wishlist === null ? (
        signedOut
      ) : typeof wishlist === 'string' ? (
        <>
          <WishlistHeading />
          <LoadError message={wishlist} />
        </>
      ) : (
        <ShopperOnly signedOut={signedOut}>
          <WishlistPage
            view={<WishlistView entries={wishlist.wishlist} count={wishlist.count} meta={wishlist.meta} />}
            props={{ initial: { wishlist: wishlist.wishlist, count: wishlist.count, meta: wishlist.meta } }}
          />
          {wishlist.count > 0 && <PriceAlertsHint />}
        </ShopperOnly>
      )}
    </div>
  );
}
