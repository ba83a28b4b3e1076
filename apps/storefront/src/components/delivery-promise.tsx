'use client';

import type { DeliveryEstimate } from '@vastra/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { deliveryEstimate } from '@/lib/api/browser/delivery';
import { formatDeliveryDate, isPincode } from '@/lib/delivery';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The checkout's delivery promise for the chosen address (docs/shopper-features.md "Delivery by
 * pincode"): the same answer as "Check delivery" gives for its pincode, said again when the
 * address changes; nothing until there is a whole pincode, or when it cannot be told. In the
 * page's language.
 */
export function DeliveryPromise({ pincode }: { pincode: string | null | undefined }) {
  const { apiUrl } = usePublicConfig();
  const t = useTranslations('product.delivery');
  const tTotals = useTranslations('common.totals');
  const locale = useLocale();
  const format = useFormatter();
  const wanted = pincode && isPincode(pincode) ? pincode.trim() : null;
  const [answered, setAnswered] = useState<DeliveryEstimate | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    deliveryEstimate(apiUrl, wanted).then(
      (estimate) => current && setAnswered(estimate),
      // The promise only helps: without it the checkout says nothing here.
      () => current && setAnswered(null),
    );
    return () => {
      current = false;
    };
  }, [apiUrl, wanted]);
  // Only the answer for this pincode is said, not the last address's.
  const estimate = answered && answered.pincode === wanted ? answered : null;
  return (
    <p aria-live="polite" data-testid="checkout-delivery" className="text-sm text-stone-700">
      {estimate && (
        <>
          <span className="font-semibold text-stone-900">
            {t('by', {
              // English keeps its Indian day format ("Thu, 3 Dec"), as "Check delivery" does.
              date:
                locale === 'en'
                  ? formatDeliveryDate(estimate.deliveryBy)
                  : format.dateTime(new Date(`${estimate.deliveryBy}T00:00:00Z`), {
                      weekday: 'short',
                      day: 'numeric',
                      month: 'short',
                      timeZone: 'UTC',
                    }),
            })}
          </span>{' '}
          {tTotals('promiseTo', { pincode: estimate.pincode })} {t(estimate.codAvailable ? 'cod' : 'noCod')}
          {locale === 'en' ? '.' : '।'}
        </>
      )}
    </p>
  );
}
