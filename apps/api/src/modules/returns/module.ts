/**
 * The returns module's factories (lib/module.ts), in two steps because orders show returns and
 * returns move orders: first the summaries (the window and what may be returned; they need
 * nothing of orders), which the orders module is built with; then the module itself over orders.
 */
import type { ApiModule } from '../../lib/module';
import { ReturnsAdmin } from './admin';
import { returnsRoutes } from './routes';
import { ReturnsService } from './service';
import { ReturnSummaries, type ReturnSummariesDeps } from './summaries';
import type { ReturnsDeps } from './types';

/** What may be returned and until when; needs nothing of orders, and every order shows it. */
export function createReturnSummaries(deps: ReturnSummariesDeps): ReturnSummaries {
  return new ReturnSummaries(deps);
}

export function createReturnsModule(deps: ReturnsDeps): {
  returns: ReturnsService;
  returnsAdmin: ReturnsAdmin;
  module: ApiModule;
} {
  const returns = new ReturnsService(deps);
  return {
    returns,
    returnsAdmin: new ReturnsAdmin(deps),
    module: {
      name: 'returns',
      routes: async (app) => {
        await app.register(returnsRoutes, { returns, orders: deps.orders });
      },
    },
  };
}
