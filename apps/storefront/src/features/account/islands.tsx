'use client';

import { storeIslandOverView } from '@/lib/store/island-with-view';

/** The profile form (profile-form.tsx) over the server's view of it (profile-view.tsx). */
export const ProfileForm = storeIslandOverView(() => import('./profile-form').then((module) => module.ProfileForm));

/** The change of password (change-password-form.tsx) over the server's view of it (change-password-view.tsx). */
export const ChangePasswordForm = storeIslandOverView(() =>
  import('./change-password-form').then((module) => module.ChangePasswordForm),
);
