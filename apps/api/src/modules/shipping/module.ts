/**
 * The shipping module's factory (lib/module.ts): the delivery promise by pincode (the zone table
 * is an admin setting; orders refuse COD where it is not offered) and the courier's tracking,
 * which the orders module serves on each order.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { ApiModule } from '../../lib/module';
import type { PincodeDirectory } from '../addresses';
import { DeliveryService, type SettingsStore } from './delivery';
import { deliveryRoutes } from './delivery-routes';
import { shippingFromConfig, type ShippingTracker } from './provider';

export function createShippingModule(deps: {
  shipping: Config['shipping'];
  pincodes: PincodeDirectory;
  settings: SettingsStore;
  /** SELLER_ADDRESS: where parcels leave from. */
  storeAddress: string;
  log: FastifyBaseLogger;
}): {
  delivery: DeliveryService;
  tracker: ShippingTracker;
  shiprocket: ReturnType<typeof shippingFromConfig>['client'];
  module: ApiModule;
} {
  const shipping = shippingFromConfig(deps.shipping);
  const delivery = new DeliveryService({
    pincodes: deps.pincodes,
    settings: deps.settings,
    serviceability: shipping.serviceability,
    storeAddress: deps.storeAddress,
    log: deps.log,
  });
  return {
    delivery,
    tracker: shipping.tracker,
    shiprocket: shipping.client,
    module: { name: 'shipping', routes: async (app) => void (await app.register(deliveryRoutes, { delivery })) },
  };
}
