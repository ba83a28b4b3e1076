/**
 * The exchanges module's factory (lib/module.ts): built after returns (their window and
 * returnable categories) and invoices (the documents of an exchange whose price differs).
 */
import type { ApiModule } from '../../lib/module';
import { ExchangesAdmin } from './admin';
import { exchangesAdminRoutes, exchangesRoutes } from './routes';
import { ExchangesService } from './service';
import type { ExchangesDeps } from './types';

export function createExchangesModule(deps: ExchangesDeps): {
  exchanges: ExchangesService;
  exchangesAdmin: ExchangesAdmin;
  module: ApiModule;
} {
  const exchanges = new ExchangesService(deps);
  const exchangesAdmin = new ExchangesAdmin(deps);
  return {
    exchanges,
    exchangesAdmin,
    module: {
      name: 'exchanges',
      routes: async (app) => {
        await app.register(exchangesRoutes, { exchanges });
        await app.register(exchangesAdminRoutes, { exchanges, exchangesAdmin });
      },
    },
  };
}
