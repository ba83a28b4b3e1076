/**
 * The taxes module's factory (lib/module.ts): GST of a quote by the store's slabs, and the
 * admin's editor of those slabs. Its quote route is served with the pricing module's (one
 * pricing answers every quote).
 */
import type { Db } from '../../db/client';
import { TaxRateAdmin, type TaxRateAdminDeps } from './admin';
import { TaxService, type TaxOptions } from './service';

export function createTaxesModule(deps: TaxOptions & { db: Db; categories: TaxRateAdminDeps['categories'] }): {
  taxes: TaxService;
  taxRateAdmin: TaxRateAdmin;
} {
  const { db, categories, ...options } = deps;
  const taxes = new TaxService(db, options);
  return {
    taxes,
    taxRateAdmin: new TaxRateAdmin({
      db,
      taxes,
      storeState: options.storeState,
      pricesIncludeGst: options.pricesIncludeGst,
      categories,
    }),
  };
}
