import type { ReviewsPage, ReviewStats as Stats } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { formatInteger, formatRating } from '@/lib/format';
import { FitShare } from './fit-share';
import { Stars } from './stars';

/**
 * The rating summary, one story with the product's summary above it: the product's rating as
 * the catalogue counts it (average with stars, "Based on 990 ratings"), how many of those came
 * with a written review ("No written reviews yet"), and the bars per rating from 5 down to 1
 * with the percentage written beside each (the bars are not the only way to read it) and a
 * sentence for screen readers. The bars are every rating's when every rating was written, the
 * written reviews' (and say so) when only some were, and absent with none: imported ratings
 * come without their stars by count. Then how it fits, when reviews said.
 */
export function ReviewStats({ stats, rating }: { stats: Stats; rating: ReviewsPage['rating'] }) {
  const t = useTranslations('reviews.stats');
  const written = { count: stats.total, shown: formatInteger(stats.total) };
  const byRating = new Map(stats.distribution.map((row) => [row.rating, row]));
  const everyRating = stats.total === rating.count;
  return (
    <div data-testid="review-stats" className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-10">
      <div className="flex flex-col items-start gap-1">
        {rating.count > 0 ? (
          <>
            <p className="flex items-center gap-3">
              <span className="text-4xl font-bold text-stone-900" aria-hidden="true">
                {formatRating(rating.average)}
              </span>
              <Stars value={rating.average} size={20} />
              <span className="sr-only">{t('average', { average: formatRating(rating.average) })}</span>
            </p>
            <p className="text-sm text-stone-600" data-testid="review-total">
              {t('basedOn', { count: rating.count, shown: formatInteger(rating.count) })}
            </p>
            <p className="text-sm text-stone-600" data-testid="written-total">
              {stats.total === 0 ? t('noWritten') : t('written', written)}
            </p>
          </>
        ) : (
          <p className="text-sm text-stone-600" data-testid="review-total">
            {t('none')}
          </p>
        )}
        <FitShare fit={stats.fit} />
      </div>
      {stats.total > 0 && (
        <div className="w-full max-w-md">
          {!everyRating && <p className="mb-2 text-sm text-stone-600">{t('starsOf', written)}</p>}
          <ul aria-label={everyRating ? t('ratingsByStars') : t('writtenByStars')} className="space-y-1.5">
            {[5, 4, 3, 2, 1].map((stars) => {
              const row = byRating.get(stars) ?? { rating: stars, count: 0, percentage: 0 };
              return (
                <li key={stars} className="grid grid-cols-[2.5rem_minmax(0,1fr)_3rem] items-center gap-3 text-sm">
                  <span className="sr-only">
                    {t('row', {
                      stars,
                      percentage: row.percentage,
                      count: row.count,
                      shown: formatInteger(row.count),
                    })}
                  </span>
                  <span aria-hidden="true" className="font-medium text-stone-800">
                    {stars} ★
                  </span>
                  <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-stone-200">
                    <span
                      className="block h-full rounded-full bg-emerald-700"
                      style={{ width: `${row.percentage}%` }}
                    />
                  </span>
                  <span aria-hidden="true" className="text-right text-stone-700 tabular-nums">
                    {row.percentage}%
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
