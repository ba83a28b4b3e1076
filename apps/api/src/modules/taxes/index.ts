/** The taxes module's public surface: GST per line from the rate table, the admin's editing of that table, routes. */
export { TaxRateAdmin } from './admin';
export {
  TaxService,
  taxAtRate,
  taxComponents,
  type AppliedTaxRule,
  type TaxLineInput,
  type TaxQuote,
  type TaxedLine,
} from './service';
export type { StoredTaxComponent } from './tables';
export { createTaxesModule } from './module';
