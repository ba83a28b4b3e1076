/**
 * The cart module's factory (lib/module.ts): shoppers' and guests' carts, their routes (with
 * the delivery terms in force), the clean-up of idle guest carts, and the reminders of idle
 * carts (docs/behaviour.md "Cart reminders").
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { CatalogService } from '../catalog';
import type { ConsentService } from '../consent';
import type { UsersService } from '../users';
import { cartJobs } from './jobs';
import type { DeliveryTerms } from './presenter';
import { cartReminderRoutes } from './reminder-routes';
import { CartReminders, type ReminderTimes } from './reminders';
import { cartRoutes } from './routes';
import { CartService } from './service';

export function createCartModule(deps: {
  db: Db;
  catalog: CatalogService;
  /** The delivery charge, free-delivery threshold and COD fee in force, read on every cart. */
  charges: () => Promise<DeliveryTerms>;
  log: FastifyBaseLogger;
  users: Pick<UsersService, 'findById'>;
  mailer: Mailer;
  jobs: Jobs;
  /** The key of auth/secret.ts, which signs the reminders' unsubscribe links. */
  secret: Uint8Array;
  storefrontUrl: string;
  /** The reminders' switch and delays in force (store settings), read at each scan. */
  reminderTimes: () => Promise<ReminderTimes>;
  /** The consent record (consent module): reminders go only to shoppers who opted in. */
  consent: Pick<ConsentService, 'hasConsent' | 'consenting' | 'record'>;
}): { carts: CartService; reminders: CartReminders; module: ApiModule } {
  const carts = new CartService(deps.db, deps.catalog);
  const reminders = new CartReminders({
    db: deps.db,
    catalog: deps.catalog,
    users: deps.users,
    mailer: deps.mailer,
    jobs: deps.jobs,
    secret: deps.secret,
    storefrontUrl: deps.storefrontUrl,
    times: deps.reminderTimes,
    consent: deps.consent,
  });
  return {
    carts,
    reminders,
    module: {
      name: 'cart',
      jobs: cartJobs(carts, reminders, deps.log),
      routes: async (app) => {
        await app.register(cartRoutes, { carts, delivery: deps.charges });
        await app.register(cartReminderRoutes, { reminders });
      },
    },
  };
}
