/** The exchanges module's public surface: size exchanges of delivered lines, the shopper's routes, the store's queue. */
export { ExchangesAdmin } from './admin';
export { exchangedLinesOf } from './lines';
export { ExchangesService, type ExchangeStepInput } from './service';
export { exchangeFiles, exchangeRequests } from './tables';
export { createExchangesModule } from './module';
