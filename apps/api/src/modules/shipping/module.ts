/**
 * The shipping module's factory (lib/module.ts): the delivery promise by pincode (the zone table
 * is an admin setting; orders refuse COD where it is not offered) and the courier's tracking,
 * which the orders module serves on each order.
 */
import { addressPincode } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DomainEventBus } from '../../lib/events';
import type { Jobs } from '../../lib/jobs';
import type { ApiModule } from '../../lib/module';
import type { PincodeDirectory } from '../addresses';
import { DeliveryService, type SettingsStore } from './delivery';
import { deliveryRoutes } from './delivery-routes';
import { shippingFromConfig, type ShippingTracker } from './provider';
import type { ShipmentBooker } from './booker';
import { ShipmentBooking } from './booking';
import { bookingRoutes } from './booking-routes';
import type { BookingDeps } from './booking-types';
import { SHIPMENT_CANCEL_JOB, shipmentJobs } from './jobs';
import { ShipmentCancellation } from './shipment-cancel';
import { ShipmentOperations } from './shipment-ops';
import { ShipmentStore } from './shipment-store';

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
  booker: ShipmentBooker;
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
    booker: shipping.booker,
    shiprocket: shipping.client,
    module: { name: 'shipping', routes: async (app) => void (await app.register(deliveryRoutes, { delivery })) },
  };
}

/**
 * Booking shipments from the admin (behaviour.md "Shipping operations: booking"), built after the
 * orders module whose steps it takes: the booking, what follows it, and their admin routes; and
 * the cancellation at the courier of an order cancelled after its booking (`order.status_changed`
 * to cancelled queues the `shipping.cancel` job).
 */
export function createShipmentBookingModule(
  deps: Omit<BookingDeps, 'store' | 'storePincode'> & { storeAddress: string; events: DomainEventBus; jobs: Jobs },
): {
  booking: ShipmentBooking;
  operations: ShipmentOperations;
  module: ApiModule;
} {
  const { storeAddress, events, jobs, ...rest } = deps;
  const storePincode = addressPincode(storeAddress) ?? '';
  const store = new ShipmentStore(deps.db);
  const full: BookingDeps = { ...rest, storePincode, store };
  const booking = new ShipmentBooking(full);
  const operations = new ShipmentOperations(full);
  const cancellation = new ShipmentCancellation({ store, booker: deps.booker, log: deps.log });
  events.on('order.status_changed', 'shipping: cancel the courier order of a cancelled order', async (e) => {
    if (e.status !== 'cancelled') return;
    // Most cancelled orders were never booked: queue only for one with a shipment the job may cancel.
    const shipment = await store.byOrder(e.orderId);
    if (shipment && shipment.status !== 'shipped' && shipment.status !== 'cancelled') {
      await jobs.send(SHIPMENT_CANCEL_JOB, { orderId: e.orderId });
    }
  });
  return {
    booking,
    operations,
    module: {
      name: 'shipment-booking',
      routes: async (app) => void (await app.register(bookingRoutes, { booking, operations })),
      jobs: shipmentJobs(cancellation),
    },
  };
}
