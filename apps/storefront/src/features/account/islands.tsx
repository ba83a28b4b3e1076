'use client';

import { storeIslandWithView } from '@/lib/store/island-with-view';
import { ChangePasswordView } from './change-password-view';
import { ProfileView } from './profile-editor';

/** The profile form (profile-form.tsx): the server's copy of the shopper, disabled until the store is there. */
export const ProfileForm = storeIslandWithView(
  () => import('./profile-form').then((module) => module.ProfileForm),
  ProfileView,
);

/** The change of password (change-password-form.tsx), disabled until the store is there. */
export const ChangePasswordForm = storeIslandWithView(
  () => import('./change-password-form').then((module) => module.ChangePasswordForm),
  ChangePasswordView,
);
