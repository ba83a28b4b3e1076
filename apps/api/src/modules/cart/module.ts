/**
 * The cart module's factory (lib/module.ts): shoppers' and guests' carts, their routes (with
 * the delivery terms in force), and the clean-up of idle guest carts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import type { CatalogService } from '../catalog';
import { cartJobs } from './jobs';
import type { DeliveryTerms } from './presenter';
import { cartRoutes } from './routes';
import { CartService } from './service';

export function createCartModule(deps: {
  db: Db;
  catalog: CatalogService;
  /** The delivery charge, free-delivery threshold and COD fee in force, read on every cart. */
  charges: () => Promise<DeliveryTerms>;
  log: FastifyBaseLogger;
}): { carts: CartService; module: ApiModule } {
  const carts = new CartService(deps.db, deps.catalog);
  return {
    carts,
    module: {
      name: 'cart',
      jobs: cartJobs(carts, deps.log),
      routes: async (app) => void (await app.register(cartRoutes, { carts, delivery: deps.charges })),
    },
  };
}
