/**
 * The wallet module's factory (lib/module.ts): each shopper's store credit (behaviour.md "Store
 * credit"), its routes (the shopper's and the admin's) and the expiry job. Built before the
 * orders and returns, which spend, reverse and refund through WalletService.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiModule } from '../../lib/module';
import { walletJobs } from './jobs';
import { walletRoutes } from './routes';
import { WalletService, type WalletDeps } from './service';

export function createWalletModule(
  deps: WalletDeps & {
    log: FastifyBaseLogger;
    /** Whether a shopper account exists (the users module), for the admin's 404. */
    customerExists: (id: string) => Promise<boolean>;
  },
): { wallet: WalletService; module: ApiModule } {
  const { log, customerExists, ...walletDeps } = deps;
  const wallet = new WalletService(walletDeps);
  return {
    wallet,
    module: {
      name: 'wallet',
      jobs: walletJobs(wallet, log),
      routes: async (app) => void (await app.register(walletRoutes, { wallet, customerExists })),
    },
  };
}
