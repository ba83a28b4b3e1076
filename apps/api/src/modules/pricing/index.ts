/** The pricing module's public surface: the one quote of lines, coupon, GST and gift card; POST /checkout/quote. */
export { checkoutQuote, toCheckoutQuote, type CheckoutQuoteDeps } from './checkout';
export { NO_CHARGES, chargeInRupees, type ChargeSettings, type QuotedCharge } from './charges';
export { pricingRoutes } from './routes';
export {
  PricingService,
  pricingLine,
  type PricingInput,
  type PricingLine,
  type Quote,
  type QuotedLine,
} from './service';
export { createPricingModule } from './module';
