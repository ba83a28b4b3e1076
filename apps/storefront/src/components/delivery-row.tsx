import { useTranslations } from 'next-intl';
import { formatPrice } from '@/lib/format';

/**
 * The "Delivery" row of a price breakdown (behaviour.md §4 Delivery charge and COD fee): FREE or
 * the charge (rupees), and under the label what more would make it free (`shortfall`, rupees; 0:
 * nothing to say), in the page's language. For a `<dl>`; `className` is the row's layout.
 */
export function DeliveryRow({
  amount,
  shortfall,
  className,
}: {
  amount: number;
  shortfall: number;
  className: string;
}) {
  const t = useTranslations('common.totals');
  return (
    <div className={className}>
      <dt>
        {t('delivery')}
        {shortfall > 0 && (
          <span className="block text-xs text-stone-600" data-testid="free-delivery-shortfall">
            {t('freeHint', { amount: formatPrice(shortfall) })}
          </span>
        )}
      </dt>
      <dd className="tabular-nums" data-testid="delivery">
        {amount === 0 ? t('free') : formatPrice(amount)}
      </dd>
    </div>
  );
}
