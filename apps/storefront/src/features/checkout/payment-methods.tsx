'use client';

import type { PaymentMethod } from '@vastra/contracts';
import { useId } from 'react';
import { codUnavailableReason, type PaymentOptions } from '@/lib/payment-options';
import { ChoiceCard } from './address-section';

/** What an online gateway is called at checkout. */
const ONLINE_LABELS: Record<PaymentOptions['onlineGateway'], { title: string; details: string }> = {
  sandbox: {
    title: 'Pay online (test gateway)',
    details: 'A test payment page where you choose how the payment ends. No money moves.',
  },
  phonepe: { title: 'PhonePe', details: 'UPI, cards and net banking through PhonePe.' },
};

/**
 * Step 2 of checkout, the payment method: the online gateway the store uses (sandbox or
 * PhonePe) and cash on delivery, unless the store has turned it off; above its limit it is
 * shown disabled with the reason (the API's own words, codLimitExceeded).
 */
export function PaymentMethods({
  options,
  payable,
  method,
  onChoose,
}: {
  options: PaymentOptions;
  payable: number | null;
  method: PaymentMethod | null;
  onChoose: (method: PaymentMethod) => void;
}) {
  const ids = useId();
  const online = ONLINE_LABELS[options.onlineGateway];
  const codReason = codUnavailableReason(options, payable);
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border border-stone-200 p-4 sm:p-6">
      <h2 id={`${ids}-heading`} className="mb-4 text-lg font-semibold text-stone-900">
        <span aria-hidden="true" className="mr-2 text-stone-500">
          2
        </span>
        Payment method
      </h2>
      <fieldset>
        <legend className="sr-only">Choose how to pay</legend>
        <div className="space-y-3">
          <ChoiceCard
            name={`${ids}-method`}
            value={options.onlineGateway}
            checked={method === options.onlineGateway}
            onChange={() => onChoose(options.onlineGateway)}
            title={online.title}
          >
            {online.details}
          </ChoiceCard>
          {options.codMaxAmount !== null && (
            <>
              <ChoiceCard
                name={`${ids}-method`}
                value="cod"
                checked={method === 'cod'}
                disabled={codReason !== null}
                onChange={() => onChoose('cod')}
                title="Cash on delivery"
                describedBy={codReason ? `${ids}-cod-reason` : undefined}
              >
                Pay in cash or by UPI when your order arrives.
              </ChoiceCard>
              {codReason && (
                <p id={`${ids}-cod-reason`} className="text-xs font-medium text-saffron-600">
                  {codReason}
                </p>
              )}
            </>
          )}
        </div>
      </fieldset>
    </section>
  );
}
