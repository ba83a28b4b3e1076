'use client';

import { AUTH_MESSAGES, changePasswordBodySchema, type User } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { changePassword, clearChangePasswordOutput } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { ChangePasswordFields, type ChangePassword } from './change-password-view';

/**
 * /account/password once the store is there: checks the fields, sends them and shows the
 * outcome (the server's message on a refusal). `initialUser` is the server's copy of the shopper.
 */
export function ChangePasswordForm({ initialUser }: { initialUser: User }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.auth.loading.changePassword);
  const output = useAppSelector((state) => state.auth.changePasswordOutput);
  const [error, setError] = useState<string | null>(null);

  // The outcome belongs to this visit of the page.
  useEffect(
    () => () => {
      dispatch(clearChangePasswordOutput());
    },
    [dispatch],
  );

  const change: ChangePassword = async (currentPassword, newPassword) => {
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback);
      return false;
    }
    setError(null);
    try {
      toast.success(await dispatch(changePassword(parsed.data)).unwrap());
      return true;
    } catch {
      // The outcome, with the server's message, is in changePasswordOutput.
      return false;
    }
  };

  const message = error ?? output?.message ?? null;
  const tone = error || output?.success === false ? 'error' : 'success';
  return (
    <ChangePasswordFields
      hasPassword={initialUser.hasPassword}
      busy={busy}
      outcome={{ message, tone }}
      change={change}
    />
  );
}
