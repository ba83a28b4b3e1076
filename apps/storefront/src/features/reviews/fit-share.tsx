import type { ReviewFit, ReviewStats } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { formatInteger } from '@/lib/format';

/**
 * How the product fits, by the reviews that answered "How was the fit?"
 * (docs/shopper-features.md "Size charts and fit"): "78 % say true to size", then the small and
 * large split. Nothing when no review answered.
 */
export function FitShare({ fit }: { fit: ReviewStats['fit'] }) {
  const t = useTranslations('reviews.fit');
  if (fit.answered === 0) return null;
  const share = (answer: ReviewFit) => fit.shares.find((s) => s.fit === answer)?.percentage ?? 0;
  return (
    <div data-testid="fit-share" className="rounded-lg bg-stone-50 px-4 py-3 text-sm">
      <p className="font-semibold text-stone-900">{t('headline', { percent: share('true_to_size') })}</p>
      <p className="mt-0.5 text-stone-700">
        {t('split', {
          small: share('small'),
          large: share('large'),
          count: fit.answered,
          shown: formatInteger(fit.answered),
        })}
      </p>
    </div>
  );
}
