/**
 * The coupons module's factory (lib/module.ts): coupons and gift cards for shoppers and the
 * admin, the gift-card mail job, and one budget of code lookups shared by every route that
 * takes a code (coupon and gift-card quotes, checkout quotes, orders). Its quote routes are
 * served with the pricing module's (one pricing answers every quote).
 */
import type { ShopperLocale } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { LimitGuard } from '../../plugins/rate-limit';
import type { CatalogService } from '../catalog';
import { CouponAdmin, GiftCardAdmin } from './admin';
import { GiftCardService } from './gift-cards';
import { couponsJobs } from './jobs';
import { createCodeLookupGuard } from './limits';
import { CouponService, type OrderHistory } from './service';

export function createCouponsModule(deps: {
  db: Db;
  catalog: CatalogService;
  /** Whether a shopper has ordered before (first-order coupons): the orders module's query. */
  orderHistory: OrderHistory;
  mailer: Mailer;
  jobs: Jobs;
  storefrontUrl: string;
  /** The language of the account with this email, or null: gift card mails go in it. */
  localeOfEmail: (email: string) => Promise<ShopperLocale | null>;
}) {
  const { db, catalog } = deps;
  const giftCardAdmin = new GiftCardAdmin({
    db,
    mailer: deps.mailer,
    jobs: deps.jobs,
    storefrontUrl: deps.storefrontUrl,
    localeOfEmail: deps.localeOfEmail,
  });
  // Made at the first lookup: the limiter needs the app, and every route shares this one.
  let guard: LimitGuard | undefined;
  const codeLookups: LimitGuard = (request) => (guard ??= createCodeLookupGuard(request.server))(request);
  const module: ApiModule = { name: 'coupons', jobs: couponsJobs(giftCardAdmin) };
  return {
    coupons: new CouponService(db, { catalog, orderHistory: deps.orderHistory }),
    giftCards: new GiftCardService(db),
    couponAdmin: new CouponAdmin({ db, catalog }),
    giftCardAdmin,
    codeLookups,
    module,
  };
}
