/**
 * Serviceability through Shiprocket (docs/shopper-features.md "Delivery by pincode"): GET
 * /courier/serviceability/?pickup_postcode&delivery_postcode&weight&cod →
 * {data: {available_courier_companies: [{courier_name, etd: "Dec 03, 2026",
 * estimated_delivery_days: "5", cod: 1|0 …}]}}. The fastest courier gives the date; cash on
 * delivery is possible when any courier collects it there.
 */
import { z } from 'zod';
import type { CourierPromise, ShippingServiceability } from './provider';
import type { ShiprocketClient } from './shiprocket-client';

/** A parcel of clothes, in kg: what the couriers price and route by. */
const PARCEL_KG = 0.5;

const serviceabilityAnswer = z.object({
  data: z
    .object({
      available_courier_companies: z
        .array(
          z.object({
            etd: z.string().nullish(),
            estimated_delivery_days: z.coerce.number().nullish(),
            cod: z.coerce.number().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Dec 03, 2026" → "2026-12-03"; null for anything else. */
function etdDate(value: string | null | undefined): string | null {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(value?.trim() ?? '');
  const month = match ? MONTHS.indexOf(match[1]!) + 1 : 0;
  if (!match || month === 0) return null;
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

/** Whether `a` arrives before `b`: by date when both have one, else by days. */
function sooner(a: CourierPromise, b: CourierPromise): boolean {
  if (a.etd && b.etd) return a.etd < b.etd;
  return (a.days ?? Infinity) < (b.days ?? Infinity);
}

export class ShiprocketServiceability implements ShippingServiceability {
  constructor(private readonly client: ShiprocketClient) {}

  async serviceability(from: string, to: string): Promise<CourierPromise | null> {
    const query = new URLSearchParams({
      pickup_postcode: from,
      delivery_postcode: to,
      weight: String(PARCEL_KG),
      // Prepaid: every courier answers, each saying whether it could collect cash instead.
      cod: '0',
    });
    const answer = await this.client.get(`/courier/serviceability/?${query}`, serviceabilityAnswer);
    const couriers = (answer.data?.available_courier_companies ?? [])
      .map((c) => ({ etd: etdDate(c.etd), days: c.estimated_delivery_days || null, cod: c.cod === 1 }))
      .filter((c) => c.etd !== null || c.days !== null);
    if (couriers.length === 0) return null;
    const fastest = couriers.reduce((best, c) => (sooner(c, best) ? c : best));
    return { etd: fastest.etd, days: fastest.days, cod: couriers.some((c) => c.cod) };
  }
}
