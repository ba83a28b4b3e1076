'use client';

import { AUTH_MESSAGES, registerBodySchema } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useRouter } from '@/i18n/navigation';
import { useLocale } from 'next-intl';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CartRemindersBox } from '@/components/cart-reminders-box';
import { PrivacyNotice } from '@/components/privacy-notice';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { withNext } from '@/lib/safe-next';
import { register } from '@/lib/api/browser/auth';
import { startSession } from './session';
import { useSessionLink } from './use-session-link';
import { noteCodeMailed } from './verification-code';

/**
 * /auth/register: name, email, password and an optional mobile number, checked with the
 * contracts' rules before sending; the cart reminders box (never pre-ticked) and the privacy
 * notice the registration accepts (docs/behaviour.md "Consent and the privacy notice"). Registering logs the shopper in (behaviour.md §4) and leads on to the
 * email verification, carrying `next` (the page the shopper came from, checkout say) along.
 */
export function RegisterForm({ next }: { next?: string }) {
  const t = useTranslations('account.auth');
  const { apiUrl } = usePublicConfig();
  const session = useSessionLink();
  const router = useRouter();
  // The page's language becomes the account's: its mails come in it (docs/behaviour.md
  // "Languages of mails and invoices").
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState({ name: '', email: '', password: '', phone: '' });
  // Never pre-ticked: cart reminders go only to a shopper who asks for them.
  const [cartReminders, setCartReminders] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const field = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = registerBodySchema.safeParse({
      ...fields,
      locale,
      ...(cartReminders ? { consents: ['cart_reminders'] } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.invalidRegistration);
      return;
    }
    setError(null);
    setBusy(true);
    let result;
    try {
      result = await register(apiUrl, parsed.data);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : AUTH_MESSAGES.registrationFailed);
      setBusy(false);
      return;
    }
    // A registration logs in like any login (behaviour.md §4: the guest cart is merged).
    await startSession(apiUrl, result.user, session);
    noteCodeMailed(result.verificationEmailSent);
    if (result.verificationEmailSent) toast.success(AUTH_MESSAGES.registered);
    router.push(withNext('/auth/verify-email', next));
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4">
        <FormMessage message={error} />
        <TextField label={t('fullName')} autoComplete="name" {...field('name')} />
        <TextField label={t('email')} type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField
          label={t('password')}
          type="password"
          autoComplete="new-password"
          hint={t('passwordHint')}
          {...field('password')}
        />
        <TextField
          label={t('phoneOptional')}
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint={t('phoneHint')}
          {...field('phone')}
        />
        <CartRemindersBox checked={cartReminders} onChange={setCartReminders} />
        <PrivacyNotice moment="signUp" />
        <SubmitButton busy={busy} busyLabel={t('creating')}>
          {t('create')}
        </SubmitButton>
      </form>
      <p className="text-center text-sm text-stone-700">
        {t('haveAccount')}{' '}
        <Link href={withNext('/auth/login', next)} className="font-semibold text-brand-700 hover:underline">
          {t('login')}
        </Link>
      </p>
    </div>
  );
}
