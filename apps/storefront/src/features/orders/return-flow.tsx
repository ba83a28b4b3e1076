'use client';

import type { Order } from '@vastra/contracts';
import { useRouter } from 'next/navigation';
import toast from 'react-hot-toast';
import { useAppDispatch } from '@/lib/store/hooks';
import { sendReturn } from '@/lib/store/orders-slice';
import { ReturnForm, type SendReturn } from './return-form';

/**
 * The return form of /account/orders/{id}/return once the store is there: it sends the return
 * through it, then shows the API's message as a toast and goes back to the order.
 */
export function ReturnFlow({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const send: SendReturn = async (kind, form, onProgress) => {
    const { message } = await dispatch(sendReturn(order.id, kind, form, onProgress));
    toast.success(message);
    router.push(`/account/orders/${order.id}`);
  };
  return <ReturnForm order={order} send={send} />;
}
