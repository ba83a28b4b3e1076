/** The coupons module's public surface: coupon rules and redemptions, gift cards, the code-lookup limit, routes. */
export { CouponService, type CouponQuoteResult, type OrderHistory } from './service';
export { GiftCardService, type GiftCardBalance, type GiftCardQuote } from './gift-cards';
export { COUPON_LIMITS, createCodeLookupGuard } from './limits';
export { couponsRoutes } from './routes';
