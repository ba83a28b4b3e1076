/**
 * Shipping behind one interface (behaviour.md §10 Tracking; docs/shopper-features.md "Delivery by
 * pincode"): the builtin tracker reads the order's own timeline and shipment; with Shiprocket the
 * tracker asks by AWB once the order has shipped, and the couriers' serviceability answers the
 * delivery promise. SHIPPING_PROVIDER chooses (config.shipping).
 */
import type { Order, Tracking } from '@vastra/contracts';
import type { Config } from '../../config';
import type { ShipmentBooker } from './booker';
import { BuiltinTracker } from './builtin';
import { DevShipmentBooker } from './dev-booker';
import { ShiprocketServiceability } from './serviceability';
import { ShiprocketTracker } from './shiprocket';
import { ShiprocketBooker } from './shiprocket-booker';
import { ShiprocketClient } from './shiprocket-client';

/** Tells where a shipment is. `order` is the public order, already owner-checked. */
export interface ShippingTracker {
  /**
   * The tracking of the order (trackingSchema, behaviour.md §7 Orders). Throws ServiceUnavailableError
   * (trackingUnavailable) when the provider cannot be reached or answers nonsense.
   */
  track(order: Order): Promise<Tracking>;
}

/** What the couriers promise for a parcel: the day (YYYY-MM-DD) and/or days, and cash on delivery. */
export type CourierPromise = { etd: string | null; days: number | null; cod: boolean };

/** Whether, and how fast, couriers deliver between two pincodes. */
export interface ShippingServiceability {
  /** The best promise for a parcel from `from` to `to`; null when no courier serves it. Throws when unreachable. */
  serviceability(from: string, to: string): Promise<CourierPromise | null>;
}

/**
 * The tracker SHIPPING_PROVIDER names, the serviceability check (none without Shiprocket) and
 * the booking provider SHIPMENT_BOOKING names; Shiprocket's share one client (one token), which
 * the NDR actions use too (null when neither uses Shiprocket).
 */
export function shippingFromConfig(shipping: Config['shipping']): {
  tracker: ShippingTracker;
  serviceability: ShippingServiceability | null;
  booker: ShipmentBooker;
  client: ShiprocketClient | null;
} {
  const builtin = new BuiltinTracker();
  const { baseUrl, email, password, pickupLocation } = shipping.shiprocket;
  const uses = [shipping.provider, shipping.booking].includes('shiprocket');
  // loadConfig refuses shiprocket without both; checked again so the types need no `!`.
  if (uses && (!email || !password)) throw new Error('Shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD');
  const client = uses ? new ShiprocketClient({ baseUrl, email: email!, password: password! }) : null;
  const booker =
    client && shipping.booking === 'shiprocket'
      ? new ShiprocketBooker(client, pickupLocation)
      : new DevShipmentBooker();
  if (!client || shipping.provider === 'builtin') return { tracker: builtin, serviceability: null, booker, client };
  return {
    tracker: new ShiprocketTracker({ client, fallback: builtin }),
    serviceability: new ShiprocketServiceability(client),
    booker,
    client,
  };
}
