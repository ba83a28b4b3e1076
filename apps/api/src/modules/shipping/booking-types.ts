/** What the shipment booking needs from the platform and other modules (narrow, typed; module.ts builds it). */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { FileStore } from '../files';
import type { OrdersService } from '../orders';
import type { ShipmentBooker } from './booker';
import type { ShipmentStore } from './shipment-store';

export type BookingDeps = {
  db: Db;
  booker: ShipmentBooker;
  store: ShipmentStore;
  orders: Pick<
    OrdersService,
    'getById' | 'findRef' | 'orderNumbers' | 'transition' | 'recordShipment' | 'advance' | 'notify' | 'storeStepDone'
  >;
  /** The shopper's name and email (UsersService.contactOf). */
  contactOf(userId: string): Promise<{ name: string; email: string | null } | null>;
  /** The owner's preferred courier (store settings), or null. */
  preferredCourier(): Promise<string | null>;
  /** The pincode parcels leave from (SELLER_ADDRESS's). */
  storePincode: string;
  files: FileStore;
  log: FastifyBaseLogger;
};
