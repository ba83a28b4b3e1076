'use client';

import { AUTH_MESSAGES, changePasswordBodySchema } from '@vastra/contracts';
import Link from 'next/link';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { changePassword, clearChangePasswordOutput } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * /account/password: the current password and a new one (POST /auth/reset-password-secure).
 * The shopper stays logged in here; their other sessions end. An account made through Google
 * has no password yet and is pointed to 'Forgot Password?' to set one.
 */
export function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const hasPassword = useAppSelector((state) => state.auth.user?.hasPassword ?? true);
  const busy = useAppSelector((state) => state.auth.loading.changePassword);
  const output = useAppSelector((state) => state.auth.changePasswordOutput);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  // The outcome belongs to this visit of the page.
  useEffect(
    () => () => {
      dispatch(clearChangePasswordOutput());
    },
    [dispatch],
  );

  if (!hasPassword) {
    return (
      <div className="max-w-lg space-y-4">
        <p className="text-sm text-stone-700">{AUTH_MESSAGES.noPasswordYet}</p>
        <Link href="/auth/forget-password" className="text-sm font-semibold text-brand-700 hover:underline">
          Forgot Password?
        </Link>
      </div>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback);
      return;
    }
    setError(null);
    try {
      const message = await dispatch(changePassword(parsed.data)).unwrap();
      toast.success(message);
      setCurrentPassword('');
      setNewPassword('');
    } catch {
      // The outcome, with the server's message, is in changePasswordOutput.
    }
  };

  const message = error ?? output?.message ?? null;
  const tone = error || output?.success === false ? 'error' : 'success';

  return (
    <form noValidate onSubmit={submit} className="max-w-lg space-y-4 rounded-xl border border-stone-200 p-4 sm:p-6">
      <FormMessage message={message} tone={tone} />
      <TextField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <TextField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint="At least 8 characters. You stay logged in here; other devices are logged out."
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <div className="sm:max-w-56">
        <SubmitButton busy={busy} busyLabel="Changing password...">
          Change password
        </SubmitButton>
      </div>
    </form>
  );
}
