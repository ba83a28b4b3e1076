/** The returns module's public surface: return requests and their refunds, the shopper's routes, the admin's queue. */
export { returnsRoutes } from './routes';
export { ReturnsAdmin } from './admin';
export { ReturnsService, type ReturnStep } from './service';
export { ReturnSummaries } from './summaries';
export type { CreditNoteLine } from './types';
export { createReturnSummaries, createReturnsModule } from './module';
