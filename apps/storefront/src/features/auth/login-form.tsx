'use client';

import { AUTH_MESSAGES } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { PrivacyNotice } from '@/components/privacy-notice';
import { Link } from '@/i18n/navigation';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { withNext } from '@/lib/safe-next';
import { logInWithPassword } from '@/lib/api/browser/auth';
import { GoogleSignIn } from './google-sign-in';
import { startSession } from './session';
import { useSessionLink } from './use-session-link';

/** Sign-in with a mobile number (phone-sign-in.tsx), loaded when the shopper chooses it. */
const PhoneSignIn = lazy(() => import('./phone-sign-in').then((module) => ({ default: module.PhoneSignIn })));

/**
 * The login form of the modal and of /auth/login (behaviour.md §2, §5, §8): email and password, 'Forgot
 * Password?', sign-in with a mobile number (docs/behaviour.md "Phone sign-in") in its place when
 * chosen, Google sign-in when configured, and the way to register. Empty fields are caught
 * here before any request; other errors are the login's (server or connection messages, and
 * Google's refusal), kept in this form's state, which goes when the modal closes.
 * `next`: the page to come back to when the shopper registers instead (checkout, say).
 */
export function LoginForm({ onSuccess, next }: { onSuccess: () => void; next?: string }) {
  const t = useTranslations('account.auth');
  const { apiUrl, googleClientId } = usePublicConfig();
  const session = useSessionLink();
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [byPhone, setByPhone] = useState(false);
  // A mobile number just made an account: only its name is left to give.
  const [accountMade, setAccountMade] = useState(false);
  const tPhone = useTranslations('account.phone');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.fillAllFields);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const user = await logInWithPassword(apiUrl, { email: email.trim(), password });
      // behaviour.md §4: the guest cart is merged (or the user's read) before the modal closes.
      await startSession(apiUrl, user, session);
    } catch (failure) {
      // A refusal without a message still says something (behaviour.md §8).
      setError(failure instanceof MutationError && failure.message ? failure.message : AUTH_MESSAGES.loginFailed);
      return;
    } finally {
      setBusy(false);
    }
    onSuccess();
  };

  const switchTo = (phone: boolean) => {
    setError(null);
    setByPhone(phone);
  };

  return (
    <div className="space-y-5">
      {byPhone ? (
        <Suspense fallback={<p className="text-sm text-stone-600">{tPhone('loading')}</p>}>
          <PhoneSignIn onSuccess={onSuccess} onAccountMade={() => setAccountMade(true)} />
        </Suspense>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <FormMessage message={error} />
          <TextField
            label={t('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div>
            <TextField
              label={t('password')}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <p className="mt-2 text-right">
              <Link href="/auth/forget-password" className="text-sm font-medium text-brand-700 hover:underline">
                {t('forgot')}
              </Link>
            </p>
          </div>
          <SubmitButton busy={busy} busyLabel={t('loggingIn')}>
            {t('login')}
          </SubmitButton>
        </form>
      )}
      {!accountMade && (
        <>
          <button
            type="button"
            onClick={() => switchTo(!byPhone)}
            className="w-full rounded-md border border-stone-300 px-4 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900"
          >
            {byPhone ? tPhone('useEmail') : tPhone('useMobile')}
          </button>
          {googleClientId && <GoogleSignIn clientId={googleClientId} onRefused={setError} />}
          {/* A first sign-in by mobile number or Google makes an account: its notice comes first. */}
          {(byPhone || googleClientId) && <PrivacyNotice moment="signIn" />}
          <p className="text-center text-sm text-stone-700">
            {t('noAccount')}
            <Link href={withNext('/auth/register', next)} className="font-semibold text-brand-700 hover:underline">
              {t('registerNow')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
