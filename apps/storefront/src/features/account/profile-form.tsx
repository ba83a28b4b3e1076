'use client';

import { AUTH_MESSAGES, profileFieldsSchema, type User } from '@vastra/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { updateProfile } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { ProfileEditor, type SaveProfile } from './profile-editor';
import { fieldsOf, type Fields } from './profile-view';

/**
 * The profile of /account once the store is there. It shows the server's copy of the shopper
 * until the store's user changes (a save here, or the header's re-read), then the store's.
 */
export function ProfileForm({ initialUser }: { initialUser: User }) {
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.auth.user);
  const busy = useAppSelector((state) => state.auth.loading.profile);
  const [storedOnArrival] = useState(stored);
  const user = stored === storedOnArrival ? initialUser : stored;
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
    try {
      const result = await dispatch(updateProfile(form)).unwrap();
      toast.success(result.message);
      return null;
    } catch (message) {
      return typeof message === 'string' ? message : AUTH_MESSAGES.fallback;
    }
  };

  // Keyed by what is stored, so a save or a refreshed user restarts the form from it.
  const key = JSON.stringify([user.id, user.avatarUrl, ...Object.values(fieldsOf(user))]);
  return <ProfileEditor key={key} user={user} busy={busy} save={save} />;
}
