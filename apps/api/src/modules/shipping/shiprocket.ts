/**
 * Tracking through Shiprocket (shiprocket-client.ts for the login and token): GET
 * /courier/track/awb/{awb} →
 * {tracking_data: {track_status, shipment_status, shipment_track: [{current_status, edd,
 * courier_name…}], shipment_track_activities: [{date, status, activity, location,
 * sr-status-label}], track_url, etd}}. Dates there are India time without a zone
 * ("2026-11-22 13:43:00"). Before the order has an AWB, or while Shiprocket has no scan yet
 * (track_status 0), the order's own timeline answers.
 */
import { ORDER_MESSAGES, httpUrlOrNull, type Order, type Tracking } from '@vastra/contracts';
import { z } from 'zod';
import { ServiceUnavailableError } from '../../lib/errors';
import type { ShippingTracker } from './provider';
import type { ShiprocketClient } from './shiprocket-client';

const trackAnswer = z.object({
  tracking_data: z.object({
    track_status: z.coerce.number(),
    shipment_track: z
      .array(
        z.object({
          current_status: z.string().nullish(),
          edd: z.string().nullish(),
          courier_name: z.string().nullish(),
        }),
      )
      .nullish(),
    shipment_track_activities: z
      .array(
        z.object({
          date: z.string(),
          status: z.string().nullish(),
          activity: z.string().nullish(),
          location: z.string().nullish(),
          'sr-status-label': z.string().nullish(),
        }),
      )
      .nullish(),
    track_url: z.string().nullish(),
    etd: z.string().nullish(),
  }),
});

export type ShiprocketOptions = {
  client: ShiprocketClient;
  /** Answers before there is anything to ask Shiprocket about. */
  fallback: ShippingTracker;
};

/** "2026-11-22 13:43:00" (India time) → ISO; null for anything unreadable. */
function istToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(value.trim());
  const date = match ? new Date(`${match[1]}T${match[2]}+05:30`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "IN TRANSIT" → "In transit". */
function sentenceCase(value: string): string {
  const lower = value.trim().toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export class ShiprocketTracker implements ShippingTracker {
  constructor(private readonly options: ShiprocketOptions) {}

  /**
   * Shiprocket's tracking of the order's AWB, events oldest first. Throws
   * ServiceUnavailableError(trackingUnavailable) when Shiprocket is down, refuses the login
   * or answers something unreadable.
   */
  async track(order: Order): Promise<Tracking> {
    const shipment = order.shipment;
    if (!shipment) return this.options.fallback.track(order);
    let answer: z.infer<typeof trackAnswer>;
    try {
      answer = await this.options.client.get(`/courier/track/awb/${encodeURIComponent(shipment.awb)}`, trackAnswer);
    } catch {
      throw new ServiceUnavailableError(ORDER_MESSAGES.trackingUnavailable);
    }
    const data = answer.tracking_data;
    if (data.track_status === 0) return this.options.fallback.track(order);
    const latest = data.shipment_track?.[0];
    const events = (data.shipment_track_activities ?? [])
      .map((a) => ({
        at: istToIso(a.date),
        status:
          a['sr-status-label'] && a.activity
            ? `${a['sr-status-label']}: ${a.activity}`
            : (a.activity ?? a.status ?? ''),
        location: a.location || null,
      }))
      .filter((e): e is { at: string; status: string; location: string | null } => e.at !== null)
      .sort((a, b) => a.at.localeCompare(b.at));
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      provider: 'shiprocket',
      courier: latest?.courier_name || shipment.courier,
      awb: shipment.awb,
      currentStatus: latest?.current_status ? sentenceCase(latest.current_status) : 'In transit',
      orderStatus: order.status,
      estimatedDelivery: istToIso(latest?.edd) ?? istToIso(data.etd) ?? shipment.estimatedDelivery,
      // Shiprocket's link is shown to the shopper: dropped unless it is http(s).
      trackingUrl: httpUrlOrNull(data.track_url) ?? shipment.trackingUrl,
      events,
    };
  }
}
