import { useTranslations } from 'next-intl';
import type { BannerPromotion } from '@/lib/api/server/promotions';

/**
 * The running coupon codes with what each gives (GET /store/promotion), above the homepage's
 * sections: one line that scrolls sideways on phones, wrapping on wider screens. Nothing is
 * shown when no promotion runs or the commerce backend is unavailable.
 */
export function PromotionBanner({ promotions }: { promotions: BannerPromotion[] }) {
  const t = useTranslations('common.home');
  if (promotions.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="mx-auto w-full max-w-7xl px-4 pt-3 pb-3 sm:pt-4 sm:pb-0">
      <div className="rounded-2xl border border-brand-100 bg-brand-50 py-3 sm:flex sm:items-center sm:gap-6 sm:px-5">
        <h2
          id="offers-heading"
          className="shrink-0 px-4 text-xs font-semibold tracking-widest text-brand-700 uppercase sm:px-0"
        >
          {t('offers')}
        </h2>
        {/* Focusable so that keyboard users can scroll it on a phone. */}
        <ul
          tabIndex={0}
          aria-labelledby="offers-heading"
          className="scrollbar-none mt-2 flex gap-5 overflow-x-auto px-4 sm:mt-0 sm:flex-wrap sm:gap-x-6 sm:gap-y-2 sm:overflow-visible sm:px-0"
        >
          {promotions.map((p) => (
            <li key={p.code} className="flex shrink-0 items-center gap-2 text-sm whitespace-nowrap text-stone-700">
              <span className="rounded-md border border-dashed border-brand-600 bg-white px-2 py-0.5 font-mono text-xs font-bold tracking-wide text-brand-800">
                {p.code}
              </span>
              <span>{p.description}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
