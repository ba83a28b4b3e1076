import { useTranslations } from 'next-intl';
import { formatPrice } from '@/lib/format';

type PriceTagProps = {
  price: number;
  mrp: number;
  discountPercent: number;
  size?: 'sm' | 'lg';
  /** `data-testid` of the selling price (e.g. "price" on cards). */
  testId?: string;
};

/** `₹ 1,299  ₹ 1,999  (35% OFF)`: selling price, MRP struck through, discount. */
export function PriceTag({ price, mrp, discountPercent, size = 'sm', testId }: PriceTagProps) {
  const t = useTranslations('common.ui');
  const discounted = mrp > price;
  const big = size === 'lg';
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${big ? 'text-base' : 'text-sm'}`}>
      <span className={`font-semibold text-stone-900 ${big ? 'text-2xl' : ''}`} data-testid={testId}>
        {formatPrice(price)}
      </span>
      {discounted && (
        <>
          <span className="text-stone-600">
            <span className="sr-only">{t('mrp')} </span>
            <s>{formatPrice(mrp)}</s>
          </span>
          {discountPercent > 0 && (
            <span className={`font-semibold text-saffron-600 ${big ? 'text-lg' : ''}`}>
              {t('discount', { percent: discountPercent })}
            </span>
          )}
        </>
      )}
    </p>
  );
}
