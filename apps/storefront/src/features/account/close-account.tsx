'use client';

import { PRIVACY_MESSAGES } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormMessage, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { eraseAccount, sendErasureCode } from '@/lib/api/browser/privacy';
import { forgetCheckout } from '@/lib/checkout-storage';
import { formatPrice } from '@/lib/format';
import { clearGuestId } from '@/lib/guest-id';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * "Close my account and erase my data" (docs/behaviour.md "Data rights: export, erasure,
 * retention"): says what goes and what is kept and why, then a confirm step asking for the
 * password (or, without one, a code mailed to the account or, without an email, texted to its
 * mobile number: the API's answer says where it went) and, with store credit left, the
 * shopper's word that it is given up. The API's refusal (an order on its way) shows in the
 * form's live region. Once closed, this browser forgets the shopper and the home page loads afresh.
 */
export function CloseAccount({
  reauth,
  taxYears,
  storeCreditBalance,
}: {
  reauth: 'password' | 'code' | 'sms_code';
  taxYears: number;
  storeCreditBalance: number;
}) {
  const t = useTranslations('account.privacyData');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState('');
  const [forfeit, setForfeit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);

  const fail = (failure: unknown) =>
    setMessage({ text: failure instanceof MutationError ? failure.message : String(failure), tone: 'error' });

  const askCode = async () => {
    setMessage(null);
    try {
      setMessage({ text: await sendErasureCode(apiUrl), tone: 'success' });
    } catch (failure) {
      fail(failure);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!secret.trim()) {
      setMessage({
        text:
          reauth === 'password'
            ? PRIVACY_MESSAGES.passwordRequired
            : reauth === 'sms_code'
              ? PRIVACY_MESSAGES.smsCodeRequired
              : PRIVACY_MESSAGES.codeRequired,
        tone: 'error',
      });
      return;
    }
    setMessage(null);
    setBusy(true);
    try {
      const body = reauth === 'password' ? { password: secret } : { code: secret.trim() };
      const text = await eraseAccount(apiUrl, { ...body, forfeitStoreCredit: forfeit });
      setMessage({ text, tone: 'success' });
      clearGuestId();
      forgetCheckout(window.localStorage);
      window.location.assign('/');
    } catch (failure) {
      fail(failure);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="close-account" className="space-y-3 border-t border-stone-200 pt-6">
      <h2 id="close-account" className="text-base font-semibold text-stone-900">
        {t('closeHeading')}
      </h2>
      <p className="text-sm text-stone-700">{t('closeIntro')}</p>
      <p className="text-sm text-stone-700">{t('closeKept', { taxYears })}</p>
      <p className="text-sm text-stone-700">{t('closeWhenOpen')}</p>
      {!confirming ? (
        <button
          type="button"
          disabled={!hydrated}
          onClick={() => setConfirming(true)}
          className="rounded-md border border-red-700 px-4 py-2.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-70"
        >
          {t('start')}
        </button>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-labelledby="close-account-confirm"
          className="max-w-sm space-y-4 rounded-xl border border-red-200 bg-red-50 p-4"
        >
          <h3 id="close-account-confirm" className="font-semibold text-stone-900">
            {t('confirmHeading')}
          </h3>
          <FormMessage message={message?.text ?? null} tone={message?.tone} />
          {reauth === 'password' ? (
            <TextField
              label={t('password')}
              type="password"
              autoComplete="current-password"
              value={secret}
              onChange={(event) => setSecret(event.target.value)}
            />
          ) : (
            <>
              <button
                type="button"
                onClick={() => void askCode()}
                className="rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800"
              >
                {t(reauth === 'sms_code' ? 'sendSmsCode' : 'sendCode')}
              </button>
              <TextField
                label={t(reauth === 'sms_code' ? 'smsCode' : 'code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
              />
            </>
          )}
          {storeCreditBalance > 0 && (
            <label className="flex items-start gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                checked={forfeit}
                onChange={(event) => setForfeit(event.target.checked)}
                className="mt-0.5 h-4 w-4 accent-red-700"
              />
              <span>{t('forfeit', { amount: formatPrice(storeCreditBalance) })}</span>
            </label>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <button
              type="submit"
              disabled={busy}
              className="rounded-md bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
            >
              {busy ? t('closing') : t('confirm')}
            </button>
            <button
              type="button"
              onClick={() => {
                setConfirming(false);
                setSecret('');
                setMessage(null);
              }}
              className="rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800"
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
