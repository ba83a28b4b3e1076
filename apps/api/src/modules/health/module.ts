/** The health module's factory (lib/module.ts): liveness and readiness for the load balancer. */
import type { Database } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import { healthRoutes } from './routes';

export function createHealthModule(deps: { database: Database }): ApiModule {
  return { name: 'health', routes: async (app) => void (await app.register(healthRoutes, deps)) };
}
