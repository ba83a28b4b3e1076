import { AVATAR_TYPES, PROFILE_GENDERS, type User } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ChangeEvent, FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { FormMessage, inputClass, SubmitButton, TextField } from '@/components/ui/form';

/** The profile's text fields as typed. */
export type Fields = { name: string; phone: string; gender: string; dateOfBirth: string };

/** The form's fields as the stored user has them ('' for an empty one). */
export const fieldsOf = (user: User): Fields => ({
  name: user.name,
  phone: user.phone ?? '',
  gender: user.gender ?? '',
  dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
});

/** What the shopper does on the profile form (absent before hydration: every control disabled). */
export type ProfileControls = {
  setField: (name: keyof Fields, value: string) => void;
  chooseAvatar: (event: ChangeEvent<HTMLInputElement>) => void;
  submit: (event: FormEvent<HTMLFormElement>) => void;
};

/** The ids of the form's photo input and gender select (one profile form a page). */
const avatarInputId = 'profile-avatar';

/**
 * The profile form's markup (profile-editor.tsx holds its state): the photo with its preview
 * (`previewUrl`, the chosen file's `avatarName`), name, email and whether it is verified, the
 * personal details, the error and "Save changes". The server renders it with the stored
 * details and no `controls` (so no handler at all: a server component cannot send one).
 */
export function ProfileEditorView({
  user,
  fields,
  previewUrl = null,
  avatarName = null,
  error = null,
  busy = false,
  controls,
}: {
  user: User;
  fields: Fields;
  previewUrl?: string | null;
  avatarName?: string | null;
  error?: string | null;
  busy?: boolean;
  controls?: ProfileControls;
}) {
  const t = useTranslations('account.profile');
  const today = new Date().toISOString().slice(0, 10);
  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    readOnly: !controls,
    onChange: controls && ((event: { target: { value: string } }) => controls.setField(name, event.target.value)),
  });

  return (
    <form noValidate onSubmit={controls?.submit}>
      <fieldset disabled={!controls} className="min-w-0 space-y-8">
        <section aria-labelledby={`${avatarInputId}-heading`} className="flex flex-wrap items-center gap-5">
          <h2 id={`${avatarInputId}-heading`} className="sr-only">
            {t('photo')}
          </h2>
          <Avatar name={user.name} url={previewUrl ?? user.avatarUrl} size="lg" alt={t('photoAlt')} />
          <div className="min-w-0 flex-1">
            <p className="truncate text-lg font-semibold text-stone-900">{user.name}</p>
            {user.email && <p className="truncate text-sm text-stone-600">{user.email}</p>}
            {/* An account made with a mobile number has no email to verify. */}
            {user.email && (
              <p className="mt-1 text-sm">
                {user.isEmailVerified ? (
                  <span className="font-medium text-emerald-800">{t('emailVerified')}</span>
                ) : (
                  <>
                    <span className="font-medium text-saffron-600">{t('emailNotVerified')}</span>
                    {' · '}
                    <Link href="/auth/verify-email" className="font-medium text-brand-700 hover:underline">
                      {t('verifyNow')}
                    </Link>
                  </>
                )}
              </p>
            )}
            <div className="mt-3">
              <label
                htmlFor={avatarInputId}
                className="inline-block cursor-pointer rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 hover:border-stone-900"
              >
                {user.avatarUrl || avatarName ? t('changePhoto') : t('addPhoto')}
                <input
                  id={avatarInputId}
                  type="file"
                  name="avatar"
                  accept={AVATAR_TYPES.join(',')}
                  onChange={controls?.chooseAvatar}
                  className="sr-only"
                />
              </label>
              <p className="mt-1.5 text-xs text-stone-600">
                {avatarName ? t('photoChosen', { name: avatarName }) : t('photoHint')}
              </p>
            </div>
          </div>
        </section>

        <section className="space-y-4 rounded-xl border border-stone-200 p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-stone-900">{t('personalDetails')}</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('fullName')} autoComplete="name" className="sm:col-span-2" {...field('name')} />
            <TextField
              label={t('phone')}
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              hint={t('phoneHint')}
              {...field('phone')}
            />
            <div>
              <label htmlFor={`${avatarInputId}-gender`} className="mb-1.5 block text-sm font-medium text-stone-800">
                {t('gender')}
              </label>
              <select id={`${avatarInputId}-gender`} className={inputClass} {...field('gender')}>
                <option value="">{t('genderNone')}</option>
                {PROFILE_GENDERS.map((gender) => (
                  <option key={gender} value={gender}>
                    {t(gender)}
                  </option>
                ))}
              </select>
            </div>
            <TextField label={t('dateOfBirth')} type="date" max={today} autoComplete="bday" {...field('dateOfBirth')} />
          </div>
        </section>

        <div className="space-y-3">
          <FormMessage message={error} />
          <div className="sm:max-w-56">
            <SubmitButton busy={busy} busyLabel={t('saving')}>
              {t('save')}
            </SubmitButton>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
