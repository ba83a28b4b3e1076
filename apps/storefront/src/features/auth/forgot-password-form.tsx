'use client';

import { AUTH_MESSAGES, emailSchema, otpSchema, passwordSchema } from '@vastra/contracts';
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
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton busy={sending} busyLabel="Sending code...">
            Send reset code
          </SubmitButton>
        </form>
      ) : (
        <form noValidate onSubmit={reset} className="space-y-4">
          <FormMessage message={message?.text ?? null} tone={message?.tone} />
          <CodeField
            label="Reset code"
            hint={`The 6-digit code mailed to ${email}.`}
            value={code}
            onCodeChange={setCode}
          />
          <TextField
            label="New password"
            type="password"
            name="newPassword"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
          />
          <SubmitButton busy={resetting} busyLabel="Resetting password...">
            Reset password
          </SubmitButton>
          <button
            type="button"
            onClick={() => {
              setStep('email');
              setMessage(null);
            }}
            className="w-full text-center text-sm font-medium text-brand-700 hover:underline"
          >
            Use a different email or send a new code
          </button>
        </form>
      )}
      <p className="text-center text-sm text-stone-700">
        Remembered it?{' '}
        <Link href="/auth/login" className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </div>
  );
}
