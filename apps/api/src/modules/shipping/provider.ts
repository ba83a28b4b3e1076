/**
 * Shipment tracking behind one interface (behaviour.md §10 Tracking): the builtin tracker reads the
 * order's own timeline and shipment; the Shiprocket tracker asks Shiprocket by AWB once the
 * order has shipped. SHIPPING_PROVIDER chooses (config.shipping).
 */
import type { Order, Tracking } from '@vastra/contracts';
import type { Config } from '../../config';
import { BuiltinTracker } from './builtin';
import { ShiprocketTracker } from './shiprocket';

/** Tells where a shipment is. `order` is the public order, already owner-checked. */
export interface ShippingTracker {
  /**
   * The tracking of the order (trackingSchema, behaviour.md §7 Orders). Throws ServiceUnavailableError
   * (trackingUnavailable) when the provider cannot be reached or answers nonsense.
   */
  track(order: Order): Promise<Tracking>;
}

/** The tracker SHIPPING_PROVIDER names. */
export function trackerFromConfig(shipping: Config['shipping']): ShippingTracker {
  const builtin = new BuiltinTracker();
  if (shipping.provider === 'builtin') return builtin;
  const { baseUrl, email, password } = shipping.shiprocket;
  // loadConfig refuses shiprocket without both; checked again so the types need no `!`.
  if (!email || !password)
    throw new Error('SHIPPING_PROVIDER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD');
  return new ShiprocketTracker({ baseUrl, email, password, fallback: builtin });
}
