'use client';

import type { Order } from '@vastra/contracts';
import { useRouter } from '@/i18n/navigation';
import toast from 'react-hot-toast';
import { sendReturn } from '@/lib/api/browser/orders';
import { usePublicConfig } from '@/lib/public-config';
import { ReturnForm, type SendReturn } from './return-form';

/**
 * The return form of /account/orders/{id}/return: it uploads the return (with its progress),
 * then toasts the API's message ('Return requested') and goes back to the order, which the
 * server reads again with its return. A refusal throws MutationError, whose message the form
 * shows (the API's, else 'Failed to request return' or 'Failed to request partial return').
 */
export function ReturnFlow({ order }: { order: Order }) {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const send: SendReturn = async (kind, form, onProgress) => {
    toast.success(await sendReturn(apiUrl, order.id, kind, form, onProgress));
    router.push(`/account/orders/${order.id}`);
  };
  return <ReturnForm order={order} send={send} />;
}
