'use client';

import { AUTH_MESSAGES, emailSchema, otpSchema, passwordSchema } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CodeField, FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { forgotPassword, resetPassword } from '@/lib/api/browser/auth';

/**
 * /auth/forget-password in two steps: the email (a reset code is mailed; the answer is the
 * same whether or not an account exists), then the code and a new password, after which the
 * shopper logs in again.
 */
export function ForgotPasswordForm() {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const t = useTranslations('account.auth');
  const [sending, setSending] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);

  const fail = (error: unknown) =>
    setMessage({
      text: error instanceof MutationError ? error.message : typeof error === 'string' ? error : AUTH_MESSAGES.fallback,
      tone: 'error',
    });

  const sendCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message);
    setMessage(null);
    setSending(true);
    try {
      const text = await forgotPassword(apiUrl, parsed.data);
      setEmail(parsed.data);
      setMessage({ text, tone: 'success' });
      setStep('reset');
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const reset = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const otp = otpSchema.safeParse(code);
    if (!otp.success) return fail(otp.error.issues[0]?.message);
    const password = passwordSchema.safeParse(newPassword);
    if (!password.success) return fail(password.error.issues[0]?.message);
    setResetting(true);
    try {
      const text = await resetPassword(apiUrl, { email, otp: otp.data, newPassword: password.data });
      toast.success(text);
      router.push('/auth/login');
    } catch (error) {
      fail(error);
    } finally {
      setResetting(false);
    }
  };

  return (
    <div className="space-y-5">
      {step === 'email' ? (
        <form noValidate onSubmit={sendCode} className="space-y-4">
          <FormMessage message={message?.text ?? null} tone={message?.tone} />
          <TextField
            label={t('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton busy={sending} busyLabel={t('sendingCode')}>
            {t('sendCode')}
          </SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={reset} className="space-y-4">
          <FormMessage message={message?.text ?? null} tone={message?.tone} />
          <CodeField label={t('resetCode')} hint={t('resetCodeHint', { email })} value={code} onCodeChange={setCode} />
          <TextField
            label={t('newPassword')}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            hint={t('passwordHint')}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <SubmitButton busy={resetting} busyLabel={t('resetting')}>
            {t('reset')}
          </SubmitButton>
          <button
            type="button"
            onClick={() => {
              setStep('email');
              setMessage(null);
            }}
            className="w-full text-center text-sm font-medium text-brand-700 hover:underline"
          >
            {t('differentEmail')}
          </button>
        </form>
      )}
      <p className="text-center text-sm text-stone-700">
        {t('remembered')}{' '}
        <Link href="/auth/login" className="font-semibold text-brand-700 hover:underline">
          {t('login')}
        </Link>
      </p>
    </div>
  );
}
