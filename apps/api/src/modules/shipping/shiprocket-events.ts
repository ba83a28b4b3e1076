/**
 * Shiprocket's tracking webhook as it is documented (apidocs.shiprocket.in, "Webhooks"): a POST
 * with `x-api-key: <the token set in Settings > API > Webhooks>` and a JSON body
 *
 *   { awb, courier_name, current_status, current_status_id, shipment_status, shipment_status_id,
 *     current_timestamp: "23 05 2023 11:43:52", order_id, sr_order_id, etd, is_return: 0 | 1,
 *     scans: [{ date: "2023-05-19 11:59:16", status, activity, location, "sr-status",
 *               "sr-status-label" }] }
 *
 * Times are India time without a zone. The shipment status id says what happened (Shiprocket's
 * status codes); the text is read when the id is one we do not know.
 */
import { z } from 'zod';
import type { CourierStatus } from '../orders';

const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? null : String(v)));
const optionalId = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v == null || v === '') return null;
    const n = Number(v);
    return Number.isInteger(n) ? n : null;
  });

export const shiprocketScanSchema = z.looseObject({
  date: z.string(),
  status: optionalText,
  activity: optionalText,
  location: optionalText,
  'sr-status': optionalText,
  'sr-status-label': optionalText,
});

/** The body of Shiprocket's tracking webhook (unknown fields kept out of the way, never refused). */
export const shiprocketWebhookSchema = z.looseObject({
  awb: text.pipe(z.string().trim().min(1).max(64)),
  courier_name: optionalText,
  current_status: optionalText,
  current_status_id: optionalId,
  shipment_status: optionalText,
  shipment_status_id: optionalId,
  current_timestamp: z.string().min(1),
  order_id: optionalText,
  sr_order_id: optionalText,
  etd: optionalText,
  scans: z.array(shiprocketScanSchema).max(500).nullish(),
  is_return: z.union([z.number(), z.string(), z.boolean()]).nullish(),
});
export type ShiprocketWebhook = z.infer<typeof shiprocketWebhookSchema>;

/**
 * Shiprocket's shipment status ids and what each means for the order: picked up, in transit and
 * the hubs → shipped; out for delivery; delivered; undelivered → a failed attempt (NDR); RTO
 * initiated, acknowledged, in transit, its NDR and out-for-delivery → returning to the seller;
 * RTO delivered → back at the store. Others (pickup scheduled, lost, damaged…) move nothing.
 */
const BY_ID: Readonly<Record<number, CourierStatus>> = {
  6: 'shipped', // Shipped
  18: 'shipped', // In Transit
  22: 'shipped', // Delayed
  38: 'shipped', // Reached at Destination Hub
  42: 'shipped', // Picked Up
  48: 'shipped', // Reached Warehouse
  17: 'out_for_delivery', // Out For Delivery
  7: 'delivered', // Delivered
  21: 'undelivered', // Undelivered
  9: 'rto_initiated', // RTO Initiated
  14: 'rto_initiated', // RTO Acknowledged
  40: 'rto_initiated', // RTO NDR
  41: 'rto_initiated', // RTO OFD
  46: 'rto_initiated', // RTO In Transit
  10: 'returned_to_seller', // RTO Delivered
};

/** The same by Shiprocket's words, for an id we do not know. */
const BY_TEXT: Readonly<Record<string, CourierStatus>> = {
  shipped: 'shipped',
  'picked up': 'shipped',
  'in transit': 'shipped',
  'reached at destination hub': 'shipped',
  'out for delivery': 'out_for_delivery',
  delivered: 'delivered',
  undelivered: 'undelivered',
  'rto initiated': 'rto_initiated',
  'rto in transit': 'rto_initiated',
  'rto acknowledged': 'rto_initiated',
  'rto delivered': 'returned_to_seller',
};

/** The order status a webhook stands for, or null when it moves nothing. */
export function courierStatusOf(
  event: Pick<ShiprocketWebhook, 'shipment_status_id' | 'shipment_status' | 'current_status'>,
): CourierStatus | null {
  if (event.shipment_status_id != null && BY_ID[event.shipment_status_id]) return BY_ID[event.shipment_status_id]!;
  const words = (event.shipment_status ?? event.current_status ?? '').trim().toLowerCase().replace(/[_-]+/g, ' ');
  return BY_TEXT[words] ?? null;
}

/**
 * A Shiprocket time in India time as a Date: "23 05 2023 11:43:52" (current_timestamp),
 * "2023-05-19 11:59:16" (scans, etd) or an ISO time; null for anything else.
 */
export function shiprocketTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const v = value.trim();
  const dmy = /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  let iso: string | null = null;
  if (dmy) iso = `${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4]}:${dmy[5]}:${dmy[6] ?? '00'}+05:30`;
  else if (ymd) iso = `${ymd[1]}-${ymd[2]}-${ymd[3]}T${ymd[4]}:${ymd[5]}:${ymd[6] ?? '00'}+05:30`;
  const date = new Date(iso ?? v);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whether the webhook is about a return shipment (is_return 1). */
export function isReturnShipment(event: Pick<ShiprocketWebhook, 'is_return'>): boolean {
  const r = event.is_return;
  return r === true || r === 1 || r === '1' || r === 'true';
}
