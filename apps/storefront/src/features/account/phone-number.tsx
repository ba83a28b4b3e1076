'use client';

import type { User } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CodeField, FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { confirmPhoneChange, startPhoneChange } from '@/lib/api/browser/phone';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { listenForSmsCode } from '@/lib/web-otp';

/** `9876543210` → `+91 98765 43210`. */
const formatNumber = (phone: string) => `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`;

/**
 * The account page's mobile number (docs/behaviour.md "Phone sign-in"): the number and whether
 * it is verified, and adding or changing it with a code texted to the new number (filled in
 * through WebOTP where the browser can). Shows the server's copy of the shopper until the
 * shopper context's user changes, as the profile form does; a verified change goes to the
 * context, so the profile form shows the new number too.
 */
export function PhoneNumber({ initialUser }: { initialUser: User }) {
  const t = useTranslations('account.phone');
  const { apiUrl } = usePublicConfig();
  const { user: current, setUser } = useShopper();
  const [currentOnArrival] = useState(current);
  const user = current === currentOnArrival ? initialUser : current;
  const [step, setStep] = useState<'show' | 'number' | 'code'>('show');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const confirm = async (otp: string) => {
    setError(null);
    setBusy(true);
    try {
      const result = await confirmPhoneChange(apiUrl, { phone: phone.trim(), otp });
      setUser(result.user);
      toast.success(result.message);
      setStep('show');
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : t('verifyFailed'));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (step !== 'code') return;
    return listenForSmsCode((otp) => setCode(otp));
  }, [step]);

  if (!user) return null;

  const sendCode = async () => {
    setError(null);
    setBusy(true);
    try {
      setNotice(await startPhoneChange(apiUrl, phone.trim()));
      setCode('');
      setStep('code');
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : t('sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'number') void sendCode();
    else void confirm(code);
  };

  const begin = () => {
    setPhone(user.phone && !user.phoneVerified ? user.phone : '');
    setError(null);
    setNotice(null);
    setStep('number');
  };

  return (
    <section aria-labelledby="phone-number-title" className="mt-8 space-y-3 border-t border-stone-200 pt-6">
      <h2 id="phone-number-title" className="text-lg font-semibold text-stone-900">
        {t('title')}
      </h2>
      <p className="text-sm text-stone-700">{t('intro')}</p>
      {user.phone ? (
        <p className="text-sm">
          <span className="font-medium text-stone-900">{formatNumber(user.phone)}</span>
          {' · '}
          {user.phoneVerified ? (
            <span className="font-medium text-emerald-800">{t('verified')}</span>
          ) : (
            <span className="font-medium text-saffron-600">{t('notVerified')}</span>
          )}
        </p>
      ) : (
        <p className="text-sm text-stone-600">{t('none')}</p>
      )}
      {step === 'show' ? (
        <button
          type="button"
          onClick={begin}
          className="rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900"
        >
          {!user.phone ? t('add') : user.phoneVerified ? t('change') : t('verifyNumber')}
        </button>
      ) : (
        <form noValidate onSubmit={submit} className="max-w-sm space-y-4">
          <FormMessage message={error} />
          {step === 'number' ? (
            <TextField
              label={t('newNumber')}
              hint={t('mobileHint')}
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          ) : (
            <>
              <FormMessage message={notice} tone="success" />
              <CodeField
                label={t('code')}
                hint={t('codeHint', { phone: phone.trim().replace(/\D/g, '').slice(-10) })}
                value={code}
                onCodeChange={setCode}
              />
            </>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <div className="min-w-40 flex-1">
              {step === 'number' ? (
                <SubmitButton busy={busy} busyLabel={t('sending')}>
                  {t('sendCode')}
                </SubmitButton>
              ) : (
                <SubmitButton busy={busy} busyLabel={t('confirming')}>
                  {t('confirm')}
                </SubmitButton>
              )}
            </div>
            <button
              type="button"
              onClick={() => setStep('show')}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
