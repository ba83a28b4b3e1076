/**
 * The wallet module's job (lib/module.ts): writes off promotional store credit past its expiry
 * (behaviour.md "Store credit"), hourly across all instances. No payload.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';
import type { WalletService } from './service';

/** The job that writes `expiry` entries for promotional credit whose time has passed. */
export const WALLET_EXPIRE_JOB = 'wallet-expire';
const HOUR_MS = 60 * 60 * 1000;

export function walletJobs(wallet: Pick<WalletService, 'expireAll'>, log: FastifyBaseLogger): JobDefinition[] {
  return [
    {
      name: WALLET_EXPIRE_JOB,
      everyMs: HOUR_MS,
      handler: async () => {
        const wallets = await wallet.expireAll();
        if (wallets > 0) log.info({ wallets }, 'promotional store credit expired');
      },
    },
  ];
}
