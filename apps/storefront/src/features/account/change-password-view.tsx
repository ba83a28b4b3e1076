'use client';

import { AUTH_MESSAGES, type User } from '@vastra/contracts';
import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';

/** What a change of password came to: a message and whether it is an error. */
export type PasswordOutcome = { message: string | null; tone: 'error' | 'success' };

/**
 * Changes the password: resolves to true when changed (the fields empty themselves), false when
 * refused (the outcome says why). Absent until the store is there: the controls are disabled.
 */
export type ChangePassword = (currentPassword: string, newPassword: string) => Promise<boolean>;

/**
 * /account/password: the current password and a new one (POST /auth/reset-password-secure).
 * The shopper stays logged in here; their other sessions end. An account made through Google
 * has no password yet and is pointed to 'Forgot Password?' to set one.
 */
export function ChangePasswordFields({
  hasPassword,
  busy = false,
  outcome = { message: null, tone: 'success' },
  change,
}: {
  hasPassword: boolean;
  busy?: boolean;
  outcome?: PasswordOutcome;
  change?: ChangePassword;
}) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

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
    if (!change) return;
    if (await change(currentPassword, newPassword)) {
      setCurrentPassword('');
      setNewPassword('');
    }
  };

  return (
    <form noValidate onSubmit={submit} className="max-w-lg rounded-xl border border-stone-200 p-4 sm:p-6">
      <fieldset disabled={!change} className="min-w-0 space-y-4">
        <FormMessage message={outcome.message} tone={outcome.tone} />
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
      </fieldset>
    </form>
  );
}

/** The form as the server renders it, before the store is there: its controls disabled. */
export function ChangePasswordView({ initialUser }: { initialUser: User }) {
  return <ChangePasswordFields hasPassword={initialUser.hasPassword} />;
}
