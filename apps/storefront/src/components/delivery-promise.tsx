'use client';

import type { DeliveryEstimate } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { deliveryEstimate } from '@/lib/api/browser/delivery';
import { codLine, deliveryLine, isPincode } from '@/lib/delivery';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The checkout's delivery promise for the chosen address (docs/shopper-features.md "Delivery by
 * pincode"): the same answer as "Check delivery" gives for its pincode, said again when the
 * address changes; nothing until there is a whole pincode, or when it cannot be told.
 */
export function DeliveryPromise({ pincode }: { pincode: string | null | undefined }) {
  const { apiUrl } = usePublicConfig();
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
          <span className="font-semibold text-stone-900">{deliveryLine(estimate)}</span> to {estimate.pincode}.{' '}
          {codLine(estimate)}.
        </>
      )}
    </p>
  );
}
