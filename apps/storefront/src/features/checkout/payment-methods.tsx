import type { CheckoutOptions, PaymentMethod } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { ChoiceCard } from './address-section';
import { codUnavailableReason, offersCod, onlineMethod } from './payment-choice';

/** The message keys of what an online gateway is called at checkout (checkout.payment). */
const ONLINE_LABELS = {
  sandbox: { title: 'sandboxTitle', details: 'sandboxDetails' },
  phonepe: { title: 'phonepeTitle', details: 'phonepeDetails' },
  razorpay: { title: 'razorpayTitle', details: 'razorpayDetails' },
} as const satisfies Record<Exclude<PaymentMethod, 'cod'>, { title: string; details: string }>;

/**
 * Step 2 of checkout, the payment method, as GET /orders/checkout-options offers them: the
 * store's online gateway (sandbox or PhonePe) and cash on delivery, unless it is off; above its
 * limit it is shown disabled with the reason, in the API's own words (codLimitExceeded).
 */
export function PaymentMethods({
  options,
  error,
  payable,
  method,
  onChoose,
}: {
  /** Null while the options load. */
  options: CheckoutOptions | null;
  /** Why the options could not be read. */
  error: string | null;
  payable: number | null;
  method: PaymentMethod | null;
  /** Absent in the server's render (its controls disabled). */
  onChoose?: (method: PaymentMethod) => void;
}) {
  const t = useTranslations('checkout.payment');
  const ids = useId();
  const online = options && onlineMethod(options);
  const codReason = options && codUnavailableReason(options, payable);
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border border-stone-200 p-4 sm:p-6">
      <h2 id={`${ids}-heading`} className="mb-4 text-lg font-semibold text-stone-900">
        <span aria-hidden="true" className="mr-2 text-stone-500">
          2
        </span>
        {t('heading')}
      </h2>
      {options ? (
        <fieldset>
          <legend className="sr-only">{t('choose')}</legend>
          <div className="space-y-3">
            {online && (
              <ChoiceCard
                name={`${ids}-method`}
                value={online}
                checked={method === online}
                onChange={onChoose && (() => onChoose(online))}
                title={t(ONLINE_LABELS[online].title)}
              >
                {t(ONLINE_LABELS[online].details)}
              </ChoiceCard>
            )}
            {offersCod(options) && (
              <>
                <ChoiceCard
                  name={`${ids}-method`}
                  value="cod"
                  checked={method === 'cod'}
                  disabled={codReason !== null}
                  onChange={onChoose && (() => onChoose('cod'))}
                  title={t('codTitle')}
                  describedBy={codReason ? `${ids}-cod-reason` : undefined}
                >
                  {t('codDetails')}
                </ChoiceCard>
                {codReason && (
                  <p id={`${ids}-cod-reason`} className="text-xs font-medium text-saffron-600">
                    <SpecMessage text={codReason} />
                  </p>
                )}
              </>
            )}
          </div>
        </fieldset>
      ) : error ? (
        <p role="alert" className="text-sm text-red-800">
          <SpecMessage text={error} />
        </p>
      ) : (
        <p className="min-h-24 text-sm text-stone-600">{t('loading')}</p>
      )}
    </section>
  );
}
