import type { Review } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { ShieldIcon } from '@/components/ui/icons';
import { LANGUAGE_TAG, isLocale } from '@/i18n/routing';
import { Stars } from './stars';

/**
 * Review dates in India's English or Hindi ("3 December 2026", "3 दिसंबर 2026", Western digits), in
 * India's time zone, so server and browser render the same day.
 */
const dateFormats = {
  en: new Intl.DateTimeFormat(LANGUAGE_TAG.en, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }),
  hi: new Intl.DateTimeFormat(LANGUAGE_TAG.hi, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }),
};

/**
 * The reviews of one page, newest first. Title and body are rendered as text exactly as the
 * shopper typed them (React escapes them; never HTML), keeping their line breaks.
 */
export function ReviewList({ reviews }: { reviews: Review[] }) {
  const t = useTranslations('reviews.list');
  const locale = useLocale();
  const dateFormat = dateFormats[isLocale(locale) ? locale : 'en'];
  return (
    <ul className="divide-y divide-stone-200" data-testid="review-list">
      {reviews.map((review) => (
        <li key={review.id} className="py-5">
          <article aria-label={t('by', { name: review.author.name })}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="inline-flex items-center gap-1.5">
                <Stars value={review.rating} size={14} />
                <span className="sr-only">{t('rated', { rating: review.rating })}</span>
              </span>
              <h3 className="font-semibold text-stone-900">{review.title}</h3>
            </div>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-stone-700">{review.body}</p>
            {review.photos.length > 0 && (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('photos')}>
                {review.photos.map((photo, i) => (
                  <li key={photo.url}>
                    <a
                      href={photo.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block size-20 overflow-hidden rounded-md bg-stone-100"
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- shoppers' photos on the API (any host), re-encoded there */}
                      <img
                        src={photo.url}
                        alt={t('photoAlt', { index: i + 1, name: review.author.name })}
                        loading="lazy"
                        className="size-full object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-600">
              <span className="font-medium text-stone-800">{review.author.name}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
              {review.isVerifiedPurchase && (
                <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 font-semibold text-emerald-800">
                  <ShieldIcon width={14} height={14} />
                  {t('verified')}
                </span>
              )}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}
