/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): the zones,
 * the store's zone table (an admin setting) and GET /shipping/delivery-estimate's answer.
 * Days are days on the road counted from today in India time, Sundays not counted.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages';

/**
 * Where a pincode lies seen from the warehouse, the first that fits: its district, its state,
 * the north-east or the islands, a metro city, the rest of India.
 */
export const DELIVERY_ZONES = ['same_city', 'same_state', 'north_east_islands', 'metro', 'rest_of_india'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

const pincode = z
  .string({ message: VALIDATION_MESSAGES.postalCode })
  .regex(/^[1-9]\d{5}$/, VALIDATION_MESSAGES.postalCode);
const days = z.number().int().min(1).max(30);

/**
 * The store's zone table (admin settings key `delivery`, PUT /admin/api/settings): days per
 * zone, and where cash on delivery is not offered (whole zones, GST state codes, pincodes).
 */
export const deliverySettingsSchema = z.object({
  days: z.object({
    same_city: days,
    same_state: days,
    north_east_islands: days,
    metro: days,
    rest_of_india: days,
  }),
  codExcludedZones: z.array(z.enum(DELIVERY_ZONES)).max(DELIVERY_ZONES.length),
  /** GST state codes, e.g. "35" (Andaman and Nicobar Islands). */
  codExcludedStates: z.array(z.string().regex(/^\d{2}$/, 'must be a two-digit GST state code')).max(40),
  codExcludedPincodes: z.array(pincode).max(5000),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** The zone table until the store owner sets one: the islands have no cash on delivery. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  days: { same_city: 2, same_state: 3, north_east_islands: 8, metro: 4, rest_of_india: 6 },
  codExcludedZones: [],
  // Andaman and Nicobar Islands, Lakshadweep: the couriers' cash collection does not reach them.
  codExcludedStates: ['35', '31'],
  codExcludedPincodes: [],
};

/** GET /shipping/delivery-estimate?pincode=…: the query. */
export const deliveryEstimateQuerySchema = z.object({
  pincode: z.string({ message: VALIDATION_MESSAGES.postalCode }).trim().pipe(pincode),
});

/** GET /shipping/delivery-estimate's answer. */
export const deliveryEstimateSchema = z.object({
  pincode: z.string(),
  /** The pincode's district (India Post), shown as the city. */
  city: z.string(),
  state: z.string(),
  zone: z.enum(DELIVERY_ZONES),
  /** The day the parcel should arrive, India time (YYYY-MM-DD). */
  deliveryBy: z.iso.date(),
  /** Days from today to deliveryBy, Sundays included. */
  deliveryDays: z.number().int().min(0),
  codAvailable: z.boolean(),
  /** Where the promise comes from: the store's zone table, or the courier aggregator. */
  source: z.enum(['zones', 'shiprocket']),
});
export type DeliveryEstimate = z.infer<typeof deliveryEstimateSchema>;

/** 400 at POST /orders: cash on delivery asked for a pincode where it is not offered. */
export function codUnavailableAt(pincode: string): string {
  return `Cash on delivery is not available for pincode ${pincode}. Please choose another payment method.`;
}
