'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/form';
import { useLocaliseMessage } from '@/i18n/spec-messages';

type CodeFieldProps = {
  /** A coupon or a gift card: the field's label is "Coupon code", its buttons "Apply coupon", "Remove coupon …". */
  kind: 'coupon' | 'giftCard';
  /** The code applied, with what it does ("You save ₹ 250"), or null. */
  applied: { code: string; details: ReactNode } | null;
  busy: boolean;
  /** Why the last code could not be applied (behaviour.md §8), in a live region under the field. */
  error: string | null;
  /** Why no code can be applied yet, if so (the button is disabled and this says why). */
  unavailable?: string | null;
  /** Resolves true when the code was applied. The handlers are absent in the server's render. */
  onApply?: (code: string) => Promise<boolean>;
  onRemove?: () => void;
};

/**
 * A coupon or gift card field (behaviour.md §4: applied or removed): a code and Apply, or the applied code,
 * what it does and Remove. Focus follows the change: to Remove once a code is applied, back to
 * the field once it is removed.
 */
export function CodeField({ kind, applied, busy, error, unavailable, onApply, onRemove }: CodeFieldProps) {
  const t = useTranslations('checkout.code');
  const coupon = kind === 'coupon';
  const ids = useId();
  const localise = useLocaliseMessage();
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (onApply && (await onApply(code))) {
      setCode('');
      // The field gives way to the applied code; focus goes to what replaced it.
      requestAnimationFrame(() => removeRef.current?.focus());
    }
  };

  return (
    <div>
      {applied ? (
        <div className="flex items-start justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm">
          <div className="min-w-0">
            <p className="font-semibold text-emerald-900">
              {t.rich(coupon ? 'couponApplied' : 'giftCardApplied', {
                code: applied.code,
                mono: (chunks) => <span className="font-mono">{chunks}</span>,
              })}
            </p>
            <div className="text-emerald-900">{applied.details}</div>
          </div>
          <button
            ref={removeRef}
            type="button"
            onClick={() => {
              onRemove?.();
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
            aria-label={t(coupon ? 'removeCoupon' : 'removeGiftCard', { code: applied.code })}
            className="shrink-0 rounded px-2 py-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {t('remove')}
          </button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${ids}-code`} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t(coupon ? 'couponLabel' : 'giftCardLabel')}
            </label>
            <input
              ref={inputRef}
              id={`${ids}-code`}
              name={coupon ? 'coupon-code' : 'gift-card-code'}
              value={code}
              onChange={(event) => setCode(event.target.value.toUpperCase())}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${ids}-message`}
              className={`${inputClass} font-mono uppercase placeholder:font-sans placeholder:normal-case`}
            />
          </div>
          <button
            type="submit"
            disabled={busy || Boolean(unavailable)}
            aria-label={busy ? undefined : t(coupon ? 'applyCoupon' : 'applyGiftCard')}
            className="shrink-0 rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-500 disabled:hover:bg-transparent"
          >
            {busy ? t('applying') : t('apply')}
          </button>
        </form>
      )}
      {/* A line kept for the message, so the totals below do not move when one comes or goes. */}
      <p
        id={`${ids}-message`}
        aria-live="polite"
        className={`mt-1.5 min-h-4 text-xs ${error ? 'font-medium text-red-800' : 'text-stone-600'}`}
      >
        {error !== null ? localise(error) : applied ? '' : (unavailable ?? '')}
      </p>
    </div>
  );
}
