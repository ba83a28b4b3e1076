'use client';

import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDeliveryEstimateQuery } from '@/lib/api/browser/delivery';
import { codLine, deliveryLine, isPincode } from '@/lib/delivery';

/**
 * The checkout's delivery promise for the chosen address (docs/shopper-features.md "Delivery by
 * pincode"): the same answer as "Check delivery" gives for its pincode, said again when the
 * address changes; nothing until there is a whole pincode, or when it cannot be told.
 */
export function DeliveryPromise({ pincode }: { pincode: string | null | undefined }) {
  const wanted = pincode && isPincode(pincode) ? pincode.trim() : null;
  const { currentData: estimate } = useDeliveryEstimateQuery(wanted ?? skipToken);
  return (
    <p aria-live="polite" data-testid="checkout-delivery" className="text-sm text-stone-700">
      {estimate && wanted && (
        <>
          <span className="font-semibold text-stone-900">{deliveryLine(estimate)}</span> to {estimate.pincode}.{' '}
          {codLine(estimate)}.
        </>
      )}
    </p>
  );
}
