'use client';

import { AUTH_MESSAGES, profileFieldsSchema, type User } from '@vastra/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { updateProfile } from '@/lib/api/browser/auth';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { ProfileEditor, type SaveProfile } from './profile-editor';
import { fieldsOf, type Fields } from './profile-view';

/**
 * The profile of /account once hydrated. It shows the server's copy of the shopper until the
 * shopper context's user changes (a save here, which the header shows too, or a new render),
 * then the context's.
 */
export function ProfileForm({ initialUser }: { initialUser: User }) {
  const { apiUrl } = usePublicConfig();
  const { user: current, setUser } = useShopper();
  const [busy, setBusy] = useState(false);
  const [currentOnArrival] = useState(current);
  const user = current === currentOnArrival ? initialUser : current;
  if (!user) return null;

  const save: SaveProfile = async (fields, avatar) => {
    const parsed = profileFieldsSchema.safeParse({
      name: fields.name,
      phone: fields.phone.trim() || null,
      gender: fields.gender || null,
      dateOfBirth: fields.dateOfBirth || null,
    });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? AUTH_MESSAGES.fallback;
    // Only what changed is sent; '' clears a field (behaviour.md §7 PUT /auth/profile/full).
    const saved = fieldsOf(user);
    const form = new FormData();
    for (const key of Object.keys(fields) as (keyof Fields)[]) {
      if (fields[key].trim() !== saved[key]) form.set(key, fields[key].trim());
    }
    if (avatar) form.set('avatar', avatar);
    setBusy(true);
    try {
      const result = await updateProfile(apiUrl, form);
      setUser(result.user);
      toast.success(result.message);
      return null;
    } catch (failure) {
      return failure instanceof MutationError ? failure.message : AUTH_MESSAGES.fallback;
    } finally {
      setBusy(false);
    }
  };

  // Keyed by what is saved, so a save or a refreshed user restarts the form from it.
  const key = JSON.stringify([user.id, user.avatarUrl, ...Object.values(fieldsOf(user))]);
  return <ProfileEditor key={key} user={user} busy={busy} save={save} />;
}
