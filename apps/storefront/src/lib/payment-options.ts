import { codLimitExceeded } from '@vastra/contracts';

/**
 * The payment methods checkout offers: the store's online gateway, and cash on delivery up to
 * an order value (rupees), or not at all (null). Read by the server from the API's own
 * variables (PAYMENT_GATEWAY, COD_ENABLED, COD_MAX_ORDER_RUPEES) and handed to the checkout
 * page; the API still decides, and its refusal is shown as it words it.
 */
export type PaymentOptions = { onlineGateway: 'sandbox' | 'phonepe'; codMaxAmount: number | null };

/** The options an environment describes, with the API's defaults: the sandbox gateway, cash on delivery up to ₹ 10,000. */
export function paymentOptions(env: Record<string, string | undefined>): PaymentOptions {
  const codMax = Number.parseInt(env.COD_MAX_ORDER_RUPEES ?? '', 10);
  return {
    onlineGateway: env.PAYMENT_GATEWAY === 'phonepe' ? 'phonepe' : 'sandbox',
    codMaxAmount: env.COD_ENABLED === 'false' ? null : Number.isFinite(codMax) && codMax >= 0 ? codMax : 10_000,
  };
}

/** Why cash on delivery cannot be chosen for this amount to pay (the API's words), or null when it can. */
export function codUnavailableReason(options: PaymentOptions, payable: number | null): string | null {
  if (options.codMaxAmount === null) return null;
  return payable !== null && payable > options.codMaxAmount ? codLimitExceeded(options.codMaxAmount) : null;
}
