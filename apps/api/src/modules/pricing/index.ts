/** The pricing module's public surface: the one quote of lines, coupon, GST and gift card; POST /checkout/quote. */
export { checkoutQuote, toCheckoutQuote, type CheckoutQuoteDeps } from './checkout';
export { pricingRoutes } from './routes';
export {
  PricingService,
  pricingLine,
  type PricingInput,
  type PricingLine,
  type Quote,
  type QuotedLine,
} from './service';
