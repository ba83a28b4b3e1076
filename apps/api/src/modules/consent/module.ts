/**
 * The consent module (lib/module.ts; docs/behaviour.md "Consent and the privacy notice",
 * docs/admin.md "Data breaches"), built in two steps like the staff module: the consent service
 * first (`createConsentService`), because the modules acting on a purpose (auth, cart, whatsapp, alerts)
 * record through it; then the module (`createConsentModule`), whose consent route hands each
 * optional purpose to the module acting on it. It records `orders` when an order is placed
 * (`order.placed`) under the notice version in force.
 */
import type { OptionalConsentPurpose } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import { breachRoutes } from './admin-routes';
import { BreachRegister } from './breaches';
import { NomineeService } from './nominees';
import { consentRoutes, type PurposeHandlers } from './routes';
import { ConsentService } from './service';

/** The consent record, which other modules write and read; nothing else of the module yet. */
export function createConsentService(deps: {
  db: Db;
  events: DomainEventBus;
  log: { error(obj: object, msg: string): void };
}): ConsentService {
  const consent = new ConsentService({ db: deps.db });
  // Logged, not thrown: the order stands, and the subscribers after this one (the shopper's
  // WhatsApp update, webhooks) still run.
  deps.events.on('order.placed', 'consent: the checkout notice taken', async ({ orderId, userId }) => {
    await consent.record(userId, 'orders', true).catch((err: unknown) => {
      deps.log.error({ err, orderId }, 'the orders consent of a placed order was not recorded');
    });
  });
  return consent;
}

export function createConsentModule(deps: {
  db: Db;
  consent: ConsentService;
  /**
   * Each optional purpose's change, done by the module acting on it (the cart reminders' setting,
   * the WhatsApp opt-in, the price-drop mails), which records the consent; it may refuse (WhatsApp
   * without a number).
   */
  purposes: Record<OptionalConsentPurpose, PurposeHandlers[OptionalConsentPurpose]>;
}): ApiModule {
  const nominees = new NomineeService(deps.db);
  const breaches = new BreachRegister(deps.db);
  return {
    name: 'consent',
    routes: async (app) => {
      await app.register(consentRoutes, { consent: deps.consent, nominees, purposes: deps.purposes });
      await app.register(breachRoutes, { breaches });
    },
  };
}
