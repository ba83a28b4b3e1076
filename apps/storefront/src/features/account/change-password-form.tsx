'use client';

import { AUTH_MESSAGES, changePasswordBodySchema, type User } from '@vastra/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePassword, clearChangePasswordOutput } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { ChangePasswordView } from './change-password-view';

/**
 * /account/password once the store is there: checks the fields, sends them and shows the
 * outcome (the server's message on a refusal); the fields empty themselves once changed.
 * `initialUser` is the server's copy of the shopper (whether they have a password).
 */
export function ChangePasswordForm({ initialUser }: { initialUser: User }) {
  const dispatch = useAppDispatch();
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

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback);
      return;
    }
    setError(null);
    try {
      toast.success(await dispatch(changePassword(parsed.data)).unwrap());
      setCurrentPassword('');
      setNewPassword('');
    } catch {
      // The outcome, with the server's message, is in changePasswordOutput.
    }
  };

  const message = error ?? output?.message ?? null;
  const tone = error || output?.success === false ? 'error' : 'success';
  return (
    <ChangePasswordView
      hasPassword={initialUser.hasPassword}
      currentPassword={currentPassword}
      newPassword={newPassword}
      busy={busy}
      outcome={{ message, tone }}
      controls={{ setCurrentPassword, setNewPassword, submit: (event) => void submit(event) }}
    />
  );
}
