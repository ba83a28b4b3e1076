'use client';

import {
  AUTH_MESSAGES,
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  PROFILE_GENDERS,
  profileFieldsSchema,
  type User,
} from '@vastra/contracts';
import Link from 'next/link';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '@/components/ui/avatar';
import { FormMessage, inputClass, SubmitButton, TextField } from '@/components/ui/form';
import { updateProfile } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';

const GENDER_LABELS: Record<(typeof PROFILE_GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

type Fields = { name: string; phone: string; gender: string; dateOfBirth: string };

const fieldsOf = (user: User): Fields => ({
  name: user.name,
  phone: user.phone ?? '',
  gender: user.gender ?? '',
  dateOfBirth: user.dateOfBirth?.slice(0, 10) ?? '',
});

/** The profile of /account: the logged-in shopper's details, edited in place. */
export function ProfileForm() {
  const user = useAppSelector((state) => state.auth.user);
  if (!user) return null;
  // Keyed by what is stored, so a save or a refreshed user restarts the form from it.
  const stored = JSON.stringify([user.id, user.avatarUrl, ...Object.values(fieldsOf(user))]);
  return <ProfileEditor key={stored} user={user} />;
}

function ProfileEditor({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector((state) => state.auth.loading.profile);
  const [fields, setFields] = useState<Fields>(() => fieldsOf(user));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const avatarInputId = useId();
  const today = new Date().toISOString().slice(0, 10);

  // The chosen photo, shown before it is saved; its object URL is freed when it is replaced.
  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  // The photo is checked here first (type and size) so a wrong file never travels.
  const chooseAvatar = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      setError(AUTH_MESSAGES.avatarType);
      event.target.value = '';
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(AUTH_MESSAGES.avatarTooLarge);
      event.target.value = '';
      return;
    }
    setError(null);
    setAvatar(file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = profileFieldsSchema.safeParse({
      name: fields.name,
      phone: fields.phone.trim() || null,
      gender: fields.gender || null,
      dateOfBirth: fields.dateOfBirth || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback);
      return;
    }
    // Only what changed is sent; '' clears a field (behaviour.md §7 PUT /auth/profile/full).
    const saved = fieldsOf(user);
    const form = new FormData();
    for (const key of Object.keys(fields) as (keyof Fields)[]) {
      if (fields[key].trim() !== saved[key]) form.set(key, fields[key].trim());
    }
    if (avatar) form.set('avatar', avatar);
    setError(null);
    try {
      const result = await dispatch(updateProfile(form)).unwrap();
      toast.success(result.message);
    } catch (message) {
      setError(typeof message === 'string' ? message : AUTH_MESSAGES.fallback);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-8">
      <section aria-labelledby={`${avatarInputId}-heading`} className="flex flex-wrap items-center gap-5">
        <h2 id={`${avatarInputId}-heading`} className="sr-only">
          Photo
        </h2>
        <Avatar name={user.name} url={preview ?? user.avatarUrl} size="lg" alt="Your profile photo" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold text-stone-900">{user.name}</p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
          <p className="mt-1 text-sm">
            {user.isEmailVerified ? (
              <span className="font-medium text-emerald-800">Email verified</span>
            ) : (
              <>
                <span className="font-medium text-saffron-600">Email not verified</span>
                {' · '}
                <Link href="/auth/verify-email" className="font-medium text-brand-700 hover:underline">
                  Verify now
                </Link>
              </>
            )}
          </p>
          <div className="mt-3">
            <label
              htmlFor={avatarInputId}
              className="inline-block cursor-pointer rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-stone-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 hover:border-stone-900"
            >
              {user.avatarUrl || avatar ? 'Change photo' : 'Add a photo'}
              <input
                id={avatarInputId}
                type="file"
                name="avatar"
                accept={AVATAR_TYPES.join(',')}
                onChange={chooseAvatar}
                className="sr-only"
              />
            </label>
            <p className="mt-1.5 text-xs text-stone-600">
              {avatar ? `${avatar.name}: saved when you save the changes.` : 'JPEG, PNG or WebP, up to 2 MB.'}
            </p>
          </div>
        </div>
      </section>

      <section className="space-y-4 rounded-xl border border-stone-200 p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-stone-900">Personal details</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Full name" autoComplete="name" className="sm:col-span-2" {...field('name')} />
          <TextField
            label="Mobile number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            hint="10 digits; leave empty to remove it."
            {...field('phone')}
          />
          <div>
            <label htmlFor={`${avatarInputId}-gender`} className="mb-1.5 block text-sm font-medium text-stone-800">
              Gender
            </label>
            <select id={`${avatarInputId}-gender`} className={inputClass} {...field('gender')}>
              <option value="">Prefer not to say</option>
              {PROFILE_GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Date of birth" type="date" max={today} autoComplete="bday" {...field('dateOfBirth')} />
        </div>
      </section>

      <div className="space-y-3">
        <FormMessage message={error} />
        <div className="sm:max-w-56">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save changes
          </SubmitButton>
        </div>
      </div>
    </form>
  );
}
