/**
 * The courier's updates (lib/module.ts; docs/behaviour.md "Courier updates: NDR and RTO", "COD
 * remittance"): Shiprocket's tracking webhook moving orders, the shopper's answer to a failed
 * delivery attempt sent to the courier's NDR action (Shiprocket's, or the development outbox
 * DATA_DIR/courier-outbox without it), and the COD remittance files. Built after the orders
 * module, whose steps it calls (the shipping module's delivery promise is built before it).
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import type { CourierOrderQueries, OrdersService } from '../orders';
import { CourierEventsService } from './courier-events';
import { courierRoutes } from './courier-routes';
import { NdrService } from './ndr';
import { OutboxNdrActions, ShiprocketNdrActions, type NdrActions } from './ndr-actions';
import { RemittanceService } from './remittance';
import type { ShiprocketClient } from './shiprocket-client';

export function createCourierModule(deps: {
  db: Db;
  orders: Pick<OrdersService, 'courierStep' | 'get'>;
  courierOrders: CourierOrderQueries;
  /** The Shiprocket client (shippingFromConfig), or null: NDR answers go to the outbox. */
  shiprocket: ShiprocketClient | null;
  /** SHIPROCKET_WEBHOOK_TOKEN; null refuses every webhook. */
  webhookToken: string | null;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Tests only: another NDR action sender. */
  ndrActions?: NdrActions;
}): { events: CourierEventsService; ndr: NdrService; remittance: RemittanceService; module: ApiModule } {
  const { db, orders, courierOrders, log } = deps;
  const actions =
    deps.ndrActions ??
    (deps.shiprocket
      ? new ShiprocketNdrActions(deps.shiprocket)
      : new OutboxNdrActions(path.join(deps.dataDir, 'courier-outbox'), log));
  const events = new CourierEventsService({ db, orders, courierOrders, log });
  const ndr = new NdrService({ db, orders, courierOrders, events, actions, log });
  const remittance = new RemittanceService({ db, courierOrders });
  return {
    events,
    ndr,
    remittance,
    module: {
      name: 'courier',
      routes: async (app) =>
        void (await app.register(courierRoutes, { events, ndr, remittance, webhookToken: deps.webhookToken })),
    },
  };
}
