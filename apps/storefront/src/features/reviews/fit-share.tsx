import type { ReviewFit, ReviewStats } from '@vastra/contracts';
import { formatCount } from '@/lib/format';

export const FIT_LABELS: Record<ReviewFit, string> = {
  small: 'Runs small',
  true_to_size: 'True to size',
  large: 'Runs large',
};

/**
 * How the product fits, by the reviews that answered "How was the fit?"
 * (docs/shopper-features.md "Size charts and fit"): "78 % say true to size", then the small and
 * large split. Nothing when no review answered.
 */
export function FitShare({ fit }: { fit: ReviewStats['fit'] }) {
  if (fit.answered === 0) return null;
  const share = (answer: ReviewFit) => fit.shares.find((s) => s.fit === answer)?.percentage ?? 0;
  return (
    <div data-testid="fit-share" className="rounded-lg bg-stone-50 px-4 py-3 text-sm">
      <p className="font-semibold text-stone-900">{share('true_to_size')} % say true to size</p>
      <p className="mt-0.5 text-stone-700">
        {share('small')} % say it runs small, {share('large')} % large (from {formatCount(fit.answered, 'review')} that
        answered)
      </p>
    </div>
  );
}
