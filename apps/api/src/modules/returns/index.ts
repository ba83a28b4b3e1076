/** The returns module's public surface: return requests and their refunds, shopper and operator routes. */
export { returnsOperatorRoutes } from './operator-routes';
export { returnsRoutes } from './routes';
export { ReturnsService } from './service';
export { ReturnSummaries } from './summaries';
export type { CreditNoteLine } from './types';
