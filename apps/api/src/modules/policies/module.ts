/**
 * The policies module's factory (lib/module.ts): the store's policy pages for shoppers and the
 * owner's editor (behaviour.md "Policies and listing details"). Its kept answers are dropped by
 * the catalogue's change channel (compose.ts hands `policies` to the catalogue as `alsoForget`).
 */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import { policiesRoutes } from './routes';
import { PoliciesService } from './service';

export function createPoliciesModule(deps: { db: Db; cacheTtlMs: number }): {
  policies: PoliciesService;
  module: ApiModule;
} {
  const policies = new PoliciesService(deps.db, deps.cacheTtlMs);
  return {
    policies,
    module: {
      name: 'policies',
      routes: async (app) => {
        await app.register(policiesRoutes, { policies });
      },
    },
  };
}
