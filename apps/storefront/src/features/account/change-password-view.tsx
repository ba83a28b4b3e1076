import { AUTH_MESSAGES } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { SpecMessage } from '@/i18n/spec-messages';
import type { FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';

/** What a change of password came to: a message and whether it is an error. */
export type PasswordOutcome = { message: string | null; tone: 'error' | 'success' };

/** What the shopper does on the form (absent before hydration: every control disabled). */
export type PasswordControls = {
  setCurrentPassword: (value: string) => void;
  setNewPassword: (value: string) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * /account/password's markup (change-password-form.tsx holds its state): the current password
 * and a new one (POST /auth/reset-password-secure), the outcome and the button. The shopper stays
 * logged in here; their other sessions end. An account made through Google has no password yet
 * and is pointed to 'Forgot Password?' to set one. The server renders it with no `controls`.
 */
export function ChangePasswordView({
  hasPassword,
  currentPassword = '',
  newPassword = '',
  busy = false,
  outcome = { message: null, tone: 'success' },
  controls,
}: {
  hasPassword: boolean;
  currentPassword?: string;
  newPassword?: string;
  busy?: boolean;
  outcome?: PasswordOutcome;
  controls?: PasswordControls;
}) {
  const t = useTranslations('account.password');
  if (!hasPassword) {
    return (
      <div className="max-w-lg space-y-4">
        <p className="text-sm text-stone-700">
          <SpecMessage text={AUTH_MESSAGES.noPasswordYet} />
        </p>
        <Link href="/auth/forget-password" className="text-sm font-semibold text-brand-700 hover:underline">
          {t('forgot')}
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={controls?.submit} className="max-w-lg rounded-xl border border-stone-200 p-4 sm:p-6">
      <fieldset disabled={!controls} className="min-w-0 space-y-4">
        <FormMessage message={outcome.message} tone={outcome.tone} />
        <TextField
          label={t('current')}
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={currentPassword}
          readOnly={!controls}
          onChange={controls && ((event) => controls.setCurrentPassword(event.target.value))}
        />
        <TextField
          label={t('new')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint={t('newHint')}
          value={newPassword}
          readOnly={!controls}
          onChange={controls && ((event) => controls.setNewPassword(event.target.value))}
        />
        <div className="sm:max-w-56">
          <SubmitButton busy={busy} busyLabel={t('changing')}>
            {t('change')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
