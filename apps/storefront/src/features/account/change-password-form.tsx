'use client';

import { AUTH_MESSAGES, changePasswordBodySchema, type User } from '@vastra/contracts';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePassword } from '@/lib/api/browser/auth';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { ChangePasswordView } from './change-password-view';

/**
 * /account/password once hydrated: checks the fields, sends them (behaviour.md §5: a logged-in
 * shopper only) and shows the outcome (the server's message on a refusal); the fields empty
 * themselves once changed. The outcome belongs to this visit of the page (component state).
 * `initialUser` is the server's copy of the shopper (whether they have a password).
 */
export function ChangePasswordForm({ initialUser }: { initialUser: User }) {
  const { apiUrl } = usePublicConfig();
  const { user } = useShopper();
  const [busy, setBusy] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [output, setOutput] = useState<{ success: boolean; message: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback);
      return;
    }
    setError(null);
    setOutput(null);
    setBusy(true);
    try {
      const message = await changePassword(apiUrl, user, parsed.data);
      setOutput({ success: true, message });
      toast.success(message);
      setCurrentPassword('');
      setNewPassword('');
    } catch (failure) {
      setOutput({
        success: false,
        message: failure instanceof MutationError ? failure.message : AUTH_MESSAGES.fallback,
      });
    } finally {
      setBusy(false);
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
