'use client';

import { OTP_RESEND_INTERVAL_MS } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CodeField, FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import type { Locale } from '@/i18n/routing';
import { updateProfile } from '@/lib/api/browser/auth';
import { MutationError } from '@/lib/api/browser/mutate';
import { signInWithPhone, startPhoneSignIn } from '@/lib/api/browser/phone';
import { usePublicConfig } from '@/lib/public-config';
import { listenForSmsCode } from '@/lib/web-otp';
import { startSession } from './session';
import { useSessionLink } from './use-session-link';

type Step = 'number' | 'code' | 'name';

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof MutationError && failure.message ? failure.message : fallback;

/**
 * Sign-in with a mobile number (docs/behaviour.md "Phone sign-in"), in the login modal and on
 * /auth/login beside email and Google: the number, then the 6-digit code texted to it (filled in
 * by the browser through WebOTP where it can), then, for a number that made a new account, the
 * shopper's name. The session starts in this tab (cart merge, header) only once that is done,
 * since the modal closes as soon as the shopper context has a user. Loaded when the shopper
 * chooses it. `onSuccess`: the modal's close; `onAccountMade`: the number made an account, whose
 * name is asked now (the other ways in no longer apply).
 */
export function PhoneSignIn({ onSuccess, onAccountMade }: { onSuccess: () => void; onAccountMade: () => void }) {
  const t = useTranslations('account.phone');
  const locale = useLocale() as Locale;
  const { apiUrl } = usePublicConfig();
  const session = useSessionLink();
  const [step, setStep] = useState<Step>('number');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (step !== 'code' || now >= resendAt) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [step, now, resendAt]);

  const sendCode = async () => {
    setError(null);
    setBusy(true);
    try {
      setNotice(await startPhoneSignIn(apiUrl, phone.trim()));
      setCode('');
      setStep('code');
      setResendAt(Date.now() + OTP_RESEND_INTERVAL_MS);
      setNow(Date.now());
    } catch (failure) {
      setError(messageOf(failure, t('sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  const verify = useCallback(
    async (otp: string) => {
      setError(null);
      setBusy(true);
      try {
        const { user, created } = await signInWithPhone(apiUrl, { phone: phone.trim(), otp, locale });
        if (created) {
          setNotice(null);
          setStep('name');
          onAccountMade();
          return;
        }
        await startSession(apiUrl, user, session);
        onSuccess();
      } catch (failure) {
        setError(messageOf(failure, t('verifyFailed')));
      } finally {
        setBusy(false);
      }
    },
    [apiUrl, phone, locale, session, onSuccess, onAccountMade, t],
  );

  // WebOTP: a phone browser may hand over the texted code itself.
  useEffect(() => {
    if (step !== 'code') return;
    return listenForSmsCode((otp) => {
      setCode(otp);
      void verify(otp);
    });
  }, [step, verify]);

  const saveName = async () => {
    setError(null);
    setBusy(true);
    try {
      const form = new FormData();
      form.set('name', name.trim());
      const { user } = await updateProfile(apiUrl, form);
      await startSession(apiUrl, user, session);
      onSuccess();
    } catch (failure) {
      setError(messageOf(failure, t('verifyFailed')));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (step === 'number') void sendCode();
    else if (step === 'code') void verify(code);
    else void saveName();
  };

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <FormMessage message={error} />
      {step === 'number' && (
        <>
          <TextField
            label={t('mobileNumber')}
            hint={t('mobileHint')}
            type="tel"
            name="phone"
            autoComplete="tel-national"
            inputMode="tel"
            autoFocus
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <SubmitButton busy={busy} busyLabel={t('sending')}>
            {t('sendCode')}
          </SubmitButton>
        </>
      )}
      {step === 'code' && (
        <>
          <FormMessage message={notice} tone="success" />
          <CodeField
            label={t('code')}
            hint={t('codeHint', { phone: phone.trim().replace(/\D/g, '').slice(-10) })}
            value={code}
            onCodeChange={setCode}
          />
          <SubmitButton busy={busy} busyLabel={t('verifying')}>
            {t('verify')}
          </SubmitButton>
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => {
                setStep('number');
                setError(null);
              }}
            >
              {t('changeNumber')}
            </button>
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline disabled:text-stone-500 disabled:no-underline"
              disabled={busy || waitSeconds > 0}
              onClick={() => void sendCode()}
            >
              {waitSeconds > 0 ? t('resendIn', { seconds: waitSeconds }) : t('resend')}
            </button>
          </div>
        </>
      )}
      {step === 'name' && (
        <>
          <div>
            <h3 className="text-lg font-semibold text-stone-900">{t('nameTitle')}</h3>
            <p className="mt-1 text-sm text-stone-600">{t('nameIntro')}</p>
          </div>
          <TextField
            label={t('fullName')}
            name="name"
            autoComplete="name"
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <SubmitButton busy={busy} busyLabel={t('saving')}>
            {t('saveName')}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
