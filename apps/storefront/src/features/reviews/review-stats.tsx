import type { ReviewStats as Stats } from '@vastra/contracts';
import { formatCount, formatRating } from '@/lib/format';
import { FitShare } from './fit-share';
import { Stars } from './stars';

/**
 * The rating summary: the average with stars, the number of reviews, and a bar per rating
 * from 5 down to 1 with its percentage written beside it (the bars are not the only way to
 * read it) and a sentence for screen readers; then how it fits, when reviews said.
 */
export function ReviewStats({ stats }: { stats: Stats }) {
  const byRating = new Map(stats.distribution.map((row) => [row.rating, row]));
  return (
    <div data-testid="review-stats" className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-10">
      <div className="flex flex-col items-start gap-1">
        {stats.total > 0 ? (
          <>
            <p className="flex items-center gap-3">
              <span className="text-4xl font-bold text-stone-900" aria-hidden="true">
                {formatRating(stats.average)}
              </span>
              <Stars value={stats.average} size={20} />
              <span className="sr-only">Average rating {formatRating(stats.average)} out of 5</span>
            </p>
            <p className="text-sm text-stone-600" data-testid="review-total">
              Based on {formatCount(stats.total, 'review')}
            </p>
          </>
        ) : (
          <p className="text-sm text-stone-600" data-testid="review-total">
            No reviews yet. Be the first to review this product.
          </p>
        )}
        <FitShare fit={stats.fit} />
      </div>
      <ul aria-label="Ratings by stars" className="w-full max-w-md space-y-1.5">
        {[5, 4, 3, 2, 1].map((rating) => {
          const row = byRating.get(rating) ?? { rating, count: 0, percentage: 0 };
          return (
            <li key={rating} className="grid grid-cols-[2.5rem_minmax(0,1fr)_3rem] items-center gap-3 text-sm">
              <span className="sr-only">
                {rating} {rating === 1 ? 'star' : 'stars'}: {row.percentage}% ({formatCount(row.count, 'review')})
              </span>
              <span aria-hidden="true" className="font-medium text-stone-800">
                {rating} ★
              </span>
              <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-stone-200">
                <span className="block h-full rounded-full bg-emerald-700" style={{ width: `${row.percentage}%` }} />
              </span>
              <span aria-hidden="true" className="text-right text-stone-700 tabular-nums">
                {row.percentage}%
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
