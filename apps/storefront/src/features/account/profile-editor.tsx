'use client';

import { AUTH_MESSAGES, AVATAR_MAX_BYTES, AVATAR_TYPES, type User } from '@vastra/contracts';
import { useEffect, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { ProfileEditorView, fieldsOf, type Fields } from './profile-view';

/**
 * Saves the changes: resolves to null once saved, else to the message to show.
 */
export type SaveProfile = (fields: Fields, avatar: File | null) => Promise<string | null>;

/** The profile of /account: the logged-in shopper's details, edited in place (the markup is profile-view.tsx's). */
export function ProfileEditor({ user, busy, save }: { user: User; busy: boolean; save: SaveProfile }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(user));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The chosen photo, shown before it is saved; its object URL is freed when it is replaced.
  const preview = useMemo(() => (avatar ? URL.createObjectURL(avatar) : null), [avatar]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

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
    setError(null);
    setError(await save(fields, avatar));
  };

  return (
    <ProfileEditorView
      user={user}
      fields={fields}
      previewUrl={preview}
      avatarName={avatar?.name ?? null}
      error={error}
      busy={busy}
      controls={{
        setField: (name, value) => setFields((f) => ({ ...f, [name]: value })),
        chooseAvatar,
        submit: (event) => void submit(event),
      }}
    />
  );
}
