'use client';

import { AUTH_MESSAGES, registerBodySchema } from '@vastra/contracts';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { withNext } from '@/lib/safe-next';
import { registerUser } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

/**
 * /auth/register: name, email, password and an optional mobile number, checked with the
 * contracts' rules before sending. Registering logs the shopper in (behaviour.md §4) and leads on to the
 * email verification, carrying `next` (the page the shopper came from, checkout say) along.
 */
export function RegisterForm({ next }: { next?: string }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const busy = useAppSelector((state) => state.auth.loading.register);
  const [fields, setFields] = useState({ name: '', email: '', password: '', phone: '' });
  const [error, setError] = useState<string | null>(null);

  const field = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse(fields);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.invalidRegistration);
      return;
    }
    setError(null);
    try {
      const result = await dispatch(registerUser(parsed.data)).unwrap();
      if (result.verificationEmailSent) toast.success(AUTH_MESSAGES.registered);
      router.push(withNext('/auth/verify-email', next));
    } catch (message) {
      setError(typeof message === 'string' ? message : AUTH_MESSAGES.registrationFailed);
    }
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormMessage message={error} />
        <TextField label="Full name" autoComplete="name" {...field('name')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...field('password')}
        />
        <TextField
          label="Mobile number (optional)"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="A 10-digit Indian mobile number, for delivery updates."
          {...field('phone')}
        />
        <SubmitButton busy={busy} busyLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
      <p className="text-center text-sm text-stone-700">
        Already have an account?{' '}
        <Link href={withNext('/auth/login', next)} className="font-semibold text-brand-700 hover:underline">
          Login
        </Link>
      </p>
    </div>
  );
}
