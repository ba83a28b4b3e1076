import { useTranslations } from 'next-intl';
import { MediaImage } from '@/components/ui/media-image';
import { formatPrice } from '@/lib/format';

/** A line as the summaries show it: from a cart line before the order, from an order line after. */
export type SummaryLine = {
  id: string;
  name: string;
  brand: string;
  size: string;
  color: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  image: string | null;
};

/** The lines of an order or of the cart being checked out: picture, name, size, quantity and price. */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  const t = useTranslations('checkout.summary');
  return (
    <ul className="divide-y divide-stone-200">
      {lines.map((line) => (
        <li key={line.id} data-testid="summary-line" className="flex gap-3 py-3">
          <div className="relative aspect-[3/4] w-14 shrink-0 overflow-hidden rounded bg-stone-100">
            <MediaImage url={line.image} alt="" sizes="56px" />
          </div>
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-semibold text-stone-900">{line.brand}</p>
            <p className="line-clamp-2 text-stone-700">{line.name}</p>
            <p className="mt-0.5 text-stone-600">
              {t('size', { size: line.size })}
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
              {t('quantity', { quantity: line.quantity })}
            </p>
          </div>
          <p className="shrink-0 text-right text-sm">
            <span className="font-semibold text-stone-900 tabular-nums">{formatPrice(line.lineTotal)}</span>
            {line.quantity > 1 && (
              <span className="block text-xs text-stone-600 tabular-nums">
                {line.quantity} × {formatPrice(line.unitPrice)}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
