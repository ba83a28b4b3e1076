/** The coupons module's public surface: coupon rules and redemptions, gift cards, their admin, the code-lookup limit, routes. */
export { CouponService, type CouponQuoteResult, type OrderHistory } from './service';
export { GiftCardService, type GiftCardBalance, type GiftCardQuote } from './gift-cards';
export { CouponAdmin, GiftCardAdmin } from './admin';
export { toPublicCoupon } from './presenter';
export { couponsJobs, GIFT_CARD_MAIL_JOB } from './jobs';
export { COUPON_LIMITS, createCodeLookupGuard } from './limits';
export { createCouponsModule } from './module';
