'use client';

import { AUTH_MESSAGES, OTP_RESEND_INTERVAL_MS, otpSchema } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CodeField, FormMessage, SubmitButton } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { withNext } from '@/lib/safe-next';
import { useShopper } from '@/lib/shopper-context';
import { resendVerification, verifyEmail } from '@/lib/api/browser/auth';
import { FormPlaceholder } from './auth-card';
import { codeMailedJustNow, noteCodeMailed } from './verification-code';

/**
 * The email verification screen: the 6-digit code from the mail, and a resend button that
 * waits OTP_RESEND_INTERVAL_MS between codes with a visible countdown. Needs a login (behaviour.md §5);
 * a logged-out visitor is sent to log in first. A verified code leads to `next` (where the
 * shopper was when they chose to register: checkout, say), else to the account.
 */
export function VerifyEmail({ next }: { next?: string }) {
  const router = useRouter();
  const t = useTranslations('account.auth');
  const { user } = useShopper();
  const isAuthenticated = user !== null;

  useEffect(() => {
    if (!isAuthenticated) router.replace(withNext('/auth/login', withNext('/auth/verify-email', next)));
  }, [isAuthenticated, router, next]);

  if (!isAuthenticated) return <FormPlaceholder />;
  if (user?.isEmailVerified) {
    return (
      <div className="space-y-5">
        <FormMessage tone="success" message={AUTH_MESSAGES.alreadyVerified} />
        <Link
          href="/shop"
          className="block rounded-md bg-brand-700 px-5 py-3 text-center text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('continueShopping')}
        </Link>
      </div>
    );
  }
  return <VerifyEmailForm email={user?.email ?? ''} next={next} />;
}

function VerifyEmailForm({ email, next }: { email: string; next?: string }) {
  const { apiUrl } = usePublicConfig();
  const { user, setUser } = useShopper();
  const router = useRouter();
  const t = useTranslations('account.auth');
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  // A code mailed moments ago (at registration) starts the wait right away.
  const [resendAt, setResendAt] = useState(() => (codeMailedJustNow() ? Date.now() + OTP_RESEND_INTERVAL_MS : 0));
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = otpSchema.safeParse(code);
    if (!parsed.success) {
      setMessage({ text: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.codeIncorrect, tone: 'error' });
      return;
    }
    setMessage(null);
    setBusy(true);
    try {
      const result = await verifyEmail(apiUrl, user, parsed.data);
      // behaviour.md §4: the email shows as verified at once (the header, the account page), without a reload.
      setUser(result.user);
      noteCodeMailed(false);
      toast.success(result.message);
      router.push(next && next !== '/' ? next : '/account');
    } catch (error) {
      setMessage({ text: error instanceof MutationError ? error.message : AUTH_MESSAGES.fallback, tone: 'error' });
      setBusy(false);
    }
  };

  const resend = async () => {
    setMessage(null);
    setResending(true);
    try {
      const text = await resendVerification(apiUrl, user);
      noteCodeMailed(true);
      setMessage({ text, tone: 'success' });
    } catch (error) {
      setMessage({ text: error instanceof MutationError ? error.message : AUTH_MESSAGES.fallback, tone: 'error' });
    }
    setResending(false);
    // Asked too soon or sent: either way the next code can be asked for after the interval.
    setResendAt(Date.now() + OTP_RESEND_INTERVAL_MS);
    setNow(Date.now());
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-700">
        {t.rich('codeSent', {
          email,
          strong: (chunks) => <strong className="font-semibold wrap-anywhere text-stone-900">{chunks}</strong>,
        })}
      </p>
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormMessage message={message?.text ?? null} tone={message?.tone} />
        <CodeField label={t('verificationCode')} value={code} onCodeChange={setCode} />
        <SubmitButton busy={busy} busyLabel={t('verifying')}>
          {t('verify')}
        </SubmitButton>
      </form>
      <div className="text-center text-sm text-stone-700">
        <p>{t('noCode')}</p>
        <button
          type="button"
          onClick={resend}
          disabled={secondsLeft > 0 || resending}
          className="mt-1 font-semibold text-brand-700 hover:underline disabled:cursor-not-allowed disabled:text-stone-600 disabled:no-underline"
        >
          {resending ? t('sending') : secondsLeft > 0 ? t('resendIn', { seconds: secondsLeft }) : t('resend')}
        </button>
      </div>
    </div>
  );
}
