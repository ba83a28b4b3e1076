/**
 * The pricing module's factory (lib/module.ts): the store's one pricing (coupons, gift cards,
 * GST and the owner's charges) and every route that answers a quote with it: the checkout
 * quote, the coupon and gift-card quotes (coupon-routes.ts) and the tax quote (tax-routes.ts).
 */
import type { ApiModule } from '../../lib/module';
import type { LimitGuard } from '../../plugins/rate-limit';
import type { CartService } from '../cart';
import type { CatalogService } from '../catalog';
import type { CouponService, GiftCardService } from '../coupons';
import type { TaxService } from '../taxes';
import type { ChargeSettings } from './charges';
import { couponsRoutes } from './coupon-routes';
import { pricingRoutes } from './routes';
import { PricingService } from './service';
import { taxesRoutes } from './tax-routes';

export function createPricingModule(deps: {
  coupons: CouponService;
  giftCards: GiftCardService;
  taxes: TaxService;
  catalog: CatalogService;
  carts: CartService;
  /** The owner's delivery charge, threshold and COD fee, read on each quote. */
  charges: () => Promise<ChargeSettings>;
  /** The one budget of code lookups (the coupons module's). */
  codeLookups: LimitGuard;
}): { pricing: PricingService; module: ApiModule } {
  const { coupons, giftCards, taxes, catalog, carts, codeLookups } = deps;
  const pricing = new PricingService({ coupons, giftCards, taxes, charges: deps.charges });
  return {
    pricing,
    module: {
      name: 'pricing',
      routes: async (app) => {
        await app.register(couponsRoutes, { coupons, giftCards, lookupLimit: codeLookups, pricing });
        await app.register(taxesRoutes, { taxes, catalog, pricing });
        await app.register(pricingRoutes, { quote: { pricing, catalog, carts, taxes }, codeLookups });
      },
    },
  };
}
