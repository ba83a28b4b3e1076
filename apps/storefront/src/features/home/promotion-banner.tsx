import type { BannerPromotion } from '@/lib/commerce/promotions';

/**
 * The running coupon codes with what each gives (GET /store/promotion), above the homepage's
 * sections. Nothing is shown when no promotion runs or the commerce backend is unavailable.
 */
export function PromotionBanner({ promotions }: { promotions: BannerPromotion[] }) {
  if (promotions.length === 0) return null;
  return (
    <section aria-labelledby="offers-heading" className="mx-auto w-full max-w-7xl px-4 pt-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-5">
        <h2 id="offers-heading" className="shrink-0 text-xs font-semibold tracking-widest text-brand-700 uppercase">
          Offers for you
        </h2>
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {promotions.map((p) => (
            <li key={p.code} className="flex items-center gap-2 text-sm text-stone-700">
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
