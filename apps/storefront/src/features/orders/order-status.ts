import type { OrderStatus, ReturnStatus } from '@vastra/contracts';

/**
 * How order and return statuses read to a shopper, and the tone of their badges. Order
 * statuses are those of the lifecycle (behaviour.md §3, §4); return statuses those of returnRequest.status.
 */

export type Tone = 'neutral' | 'progress' | 'success' | 'warning' | 'error';

const ORDER_STATUS_TONES: Record<OrderStatus, Tone> = {
  pending_payment: 'warning',
  awaiting_confirmation: 'warning',
  payment_failed: 'error',
  placed: 'progress',
  confirmed: 'progress',
  packed: 'progress',
  shipped: 'progress',
  out_for_delivery: 'progress',
  undelivered: 'warning',
  rto_initiated: 'warning',
  returned_to_seller: 'neutral',
  delivered: 'success',
  cancelled: 'neutral',
  return_requested: 'warning',
  return_approved: 'progress',
  return_rejected: 'error',
  picked_up: 'progress',
  refunded: 'success',
};

const RETURN_STATUS_TONES: Record<ReturnStatus, Tone> = {
  requested: 'warning',
  approved: 'progress',
  rejected: 'error',
  picked_up: 'progress',
  refunded: 'success',
};

export const orderStatusTone = (status: OrderStatus): Tone => ORDER_STATUS_TONES[status];
export const returnStatusTone = (status: ReturnStatus): Tone => RETURN_STATUS_TONES[status];

/** Badge colours per tone (text and background keep a 4.5:1 contrast). */
export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'bg-stone-100 text-stone-800',
  progress: 'bg-sky-50 text-sky-900',
  success: 'bg-emerald-50 text-emerald-900',
  warning: 'bg-amber-50 text-amber-900',
  error: 'bg-red-50 text-red-900',
};
