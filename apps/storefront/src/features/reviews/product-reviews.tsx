'use client';

import type { ReviewsPage } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { lazyIsland } from '@/lib/lazy-island';
import { usePublicConfig } from '@/lib/public-config';
import { ReviewList } from './review-list';
import { ReviewStats } from './review-stats';

/** A page of reviews read in the browser (lib/api/browser/reviews.ts), whose code loads with the first such read. */
async function loadReviewsPage(apiUrl: string, productId: string, page: number): Promise<ReviewsPage> {
  const { readReviews } = await import('@/lib/api/browser/reviews');
  return readReviews(apiUrl, productId, page);
}

// The form, or for a guest the login prompt (review-form-slot.tsx), loads after the page.
const FormOrLogin = lazyIsland(
  () => import('./review-form-slot').then((module) => module.FormOrLogin),
  <div aria-hidden="true" className="min-h-40" />,
);

/**
 * The product page's reviews (behaviour.md §1, §3 Review, §7): stats, the list 10 at a time, and the form
 * (or, logged out, 'Please login to submit a review' with a Login button). The first page
 * comes rendered from the server (`initial`); when that call failed it is read here, and
 * 'Failed to fetch reviews' (or the server's message) is shown if that fails too. Other pages,
 * and page 1 again after a review is posted, are read in the browser (lib/api/browser/reviews.ts);
 * the section keeps them in its own state.
 */
export function ProductReviews({ productId, initial }: { productId: string; initial: ReviewsPage | null }) {
  const { apiUrl } = usePublicConfig();
  const [data, setData] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(initial === null);
  const listTop = useRef<HTMLHeadingElement>(null);
  const t = useTranslations('reviews.section');

  /** Shows a page once it comes (or why it did not); `loading` is already on. */
  const show = useCallback(
    (answer: Promise<ReviewsPage>) =>
      answer
        .then(
          (page) => {
            setData(page);
            setError(null);
          },
          (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
        )
        .finally(() => setLoading(false)),
    [],
  );
  const load = (page: number) => {
    setLoading(true);
    return show(loadReviewsPage(apiUrl, productId, page));
  };

  useEffect(() => {
    if (initial === null) void show(loadReviewsPage(apiUrl, productId, 1));
  }, [initial, show, productId, apiUrl]);

  const goTo = async (page: number) => {
    await load(page);
    listTop.current?.focus();
  };

  const meta = data?.meta;
  return (
    <section aria-labelledby="product-reviews" className="mt-14 border-t border-stone-200 pt-10">
      <h2 id="product-reviews" className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">
        {t('heading')}
      </h2>
      <div aria-live="polite" className="mt-2">
        {error && (
          <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">{error}</p>
        )}
        {!data && loading && <p className="text-sm text-stone-600">{t('loading')}</p>}
      </div>
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:gap-14">
        <div>
          {data && <ReviewStats stats={data.stats} rating={data.rating} />}
          {data && data.reviews.length > 0 && (
            <div className="mt-8" aria-busy={loading}>
              <h3 ref={listTop} tabIndex={-1} className="sr-only">
                {t('pageHeading', { page: data.meta.page, total: data.meta.totalPages })}
              </h3>
              <ReviewList reviews={data.reviews} />
              {meta && meta.totalPages > 1 && (
                <nav aria-label={t('pages')} className="mt-4 flex items-center justify-between gap-3">
                  <button
                    type="button"
                    disabled={meta.page <= 1 || loading}
                    onClick={() => void goTo(meta.page - 1)}
                    className="inline-flex h-10 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:invisible"
                  >
                    <ChevronLeftIcon width={16} height={16} />
                    {t('newer')}
                    <span className="sr-only">{t('reviewsSr')}</span>
                  </button>
                  <p className="text-sm text-stone-700">{t('pageOf', { page: meta.page, total: meta.totalPages })}</p>
                  <button
                    type="button"
                    disabled={meta.page >= meta.totalPages || loading}
                    onClick={() => void goTo(meta.page + 1)}
                    className="inline-flex h-10 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:invisible"
                  >
                    {t('older')}
                    <span className="sr-only">{t('reviewsSr')}</span>
                    <ChevronRightIcon width={16} height={16} />
                  </button>
                </nav>
              )}
            </div>
          )}
        </div>
        <div className="rounded-lg border border-stone-200 p-5 sm:p-6">
          <FormOrLogin productId={productId} onPosted={() => void load(1)} />
        </div>
      </div>
    </section>
  );
}
