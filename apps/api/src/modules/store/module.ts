/**
 * The store module's factory (lib/module.ts): the Medusa-style commerce API under /store, behind
 * publishable keys, with its kept cart answers. The configured key is ensured and the cart
 * answers kept when the app serves (the worker needs neither).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import type { CartService } from '../cart';
import type { CatalogService } from '../catalog';
import type { CouponService } from '../coupons';
import type { PricingService } from '../pricing';
import { PublishableKeyService } from './keys';
import { keepCartAnswers } from './kept-carts';
import { storeRoutes } from './routes';
import { StoreService } from './service';

export function createStoreModule(deps: {
  database: Database;
  catalog: CatalogService;
  coupons: CouponService;
  carts: CartService;
  pricing: PricingService;
  /** PUBLISHABLE_API_KEY: made at start when missing. */
  publishableApiKey: string | undefined;
  cacheTtlMs: number;
  log: FastifyBaseLogger;
}): ApiModule {
  const { database, catalog, carts } = deps;
  const keys = new PublishableKeyService(database.db, { cacheTtlMs: 10_000 });
  const store = new StoreService({ catalog, coupons: deps.coupons, carts, pricing: deps.pricing });
  return {
    name: 'store',
    routes: async (app) => {
      await keys.ensureAtStart(deps.publishableApiKey, deps.log);
      const keptCarts = await keepCartAnswers({ database, carts, answers: catalog.answers, ttlMs: deps.cacheTtlMs });
      await app.register(storeRoutes, { prefix: '/store', store, keys, answers: catalog.answers, keptCarts });
    },
  };
}
