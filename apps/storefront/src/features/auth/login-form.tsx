'use client';

import { AUTH_MESSAGES } from '@vastra/contracts';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { usePublicConfig } from '@/lib/public-config';
import { withNext } from '@/lib/safe-next';
import { loginUser } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { GoogleSignIn } from './google-sign-in';

/**
 * The login form of the modal and of /auth/login (behaviour.md §2, §5, §8): email and password, 'Forgot
 * Password?', Google sign-in when configured, and the way to register. Empty fields are caught
 * here before any request; other errors are the auth state's (server or connection messages).
 * `next`: the page to come back to when the shopper registers instead (checkout, say).
 */
export function LoginForm({ onSuccess, next }: { onSuccess: () => void; next?: string }) {
  const dispatch = useAppDispatch();
  const { googleClientId } = usePublicConfig();
  const busy = useAppSelector((state) => state.auth.loading.login);
  const stateError = useAppSelector((state) => state.auth.error);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setLocalError(AUTH_MESSAGES.fillAllFields);
      return;
    }
    setLocalError(null);
    try {
      await dispatch(loginUser({ email: email.trim(), password })).unwrap();
    } catch (message) {
      // The state holds the message; a rejection without one still says something (behaviour.md §8).
      if (typeof message !== 'string' || !message) setLocalError(AUTH_MESSAGES.loginFailed);
      return;
    }
    // behaviour.md §4: the cart is refreshed (and the guest cart merged) by the store's cart listeners.
    onSuccess();
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormMessage message={localError ?? stateError} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div>
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <p className="mt-2 text-right">
            <Link href="/auth/forget-password" className="text-sm font-medium text-brand-700 hover:underline">
              Forgot Password?
            </Link>
          </p>
        </div>
        <SubmitButton busy={busy} busyLabel="Logging in...">
          Login
        </SubmitButton>
      </form>
      {googleClientId && <GoogleSignIn clientId={googleClientId} />}
      <p className="text-center text-sm text-stone-700">
        {"Don't have an account ? "}
        <Link href={withNext('/auth/register', next)} className="font-semibold text-brand-700 hover:underline">
          Register Now
        </Link>
      </p>
    </div>
  );
}
