/** The wallet module's public surface: store credit (the ledger and its balance), its routes, jobs and factory. */
export { WALLET_EXPIRE_JOB, walletJobs } from './jobs';
export { walletRoutes } from './routes';
export { WalletService, type CreditInput, type WalletDeps } from './service';
export { createWalletModule } from './module';
