import { codLimitExceeded, type CheckoutOptions, type PaymentMethod } from '@vastra/contracts';

/**
 * The payment methods of checkout, as GET /orders/checkout-options offers them: the store's
 * online gateway (sandbox or PhonePe) and cash on delivery up to an amount, unless it is off.
 */

/** The online gateway on offer, or null when the store takes cash on delivery only. */
export function onlineMethod(options: Pick<CheckoutOptions, 'paymentMethods'>): Exclude<PaymentMethod, 'cod'> | null {
  return options.paymentMethods.find((m): m is Exclude<PaymentMethod, 'cod'> => m !== 'cod') ?? null;
}

/** Whether cash on delivery is on offer at all. */
export function offersCod(options: Pick<CheckoutOptions, 'paymentMethods' | 'codMaxAmount'>): boolean {
  return options.paymentMethods.includes('cod');
}

/** Why cash on delivery cannot be chosen for this amount to pay (the API's words), or null when it can. */
export function codUnavailableReason(
  options: Pick<CheckoutOptions, 'paymentMethods' | 'codMaxAmount'>,
  payable: number | null,
): string | null {
  if (!offersCod(options) || options.codMaxAmount === null || payable === null) return null;
  return payable > options.codMaxAmount ? codLimitExceeded(options.codMaxAmount) : null;
}
