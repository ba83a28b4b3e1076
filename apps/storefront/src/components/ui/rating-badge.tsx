import { useTranslations } from 'next-intl';
import { formatRating } from '@/lib/format';
import { StarIcon } from './icons';

/** "4.2 ★ | 1.3k" with a full sentence for screen readers; nothing when unrated. */
export function RatingBadge({ average, count, size = 'sm' }: { average: number; count: number; size?: 'sm' | 'lg' }) {
  const t = useTranslations('common.ui.rating');
  if (count <= 0) return null;
  const compact = new Intl.NumberFormat('en-IN', { notation: 'compact' }).format(count);
  return (
    <p
      className={`inline-flex items-center gap-1.5 rounded border border-stone-200 bg-white font-semibold text-stone-800 ${
        size === 'lg' ? 'px-2.5 py-1 text-sm' : 'px-1.5 py-0.5 text-xs'
      }`}
    >
      <span aria-hidden="true" className="inline-flex items-center gap-0.5">
        {formatRating(average)}
        <StarIcon width={12} height={12} className="text-emerald-700" />
      </span>
      <span aria-hidden="true" className="border-l border-stone-300 pl-1.5 font-normal text-stone-600">
        {compact}
        {size === 'lg' ? ` ${t('ratings')}` : ''}
      </span>
      <span className="sr-only">{t('summary', { average: formatRating(average), count, shown: String(count) })}</span>
    </p>
  );
}
