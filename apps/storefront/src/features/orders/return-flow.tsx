'use client';

import type { Order } from '@vastra/contracts';
import { useAppDispatch } from '@/lib/store/hooks';
import { sendReturn } from '@/lib/store/orders-slice';
import { ReturnForm } from './return-form';

/** The return form of /account/orders/{id}/return once the store is there: it sends the return through it. */
export function ReturnFlow({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  return (
    <ReturnForm
      order={order}
      send={(kind, form, onProgress) => dispatch(sendReturn(order.id, kind, form, onProgress))}
    />
  );
}
