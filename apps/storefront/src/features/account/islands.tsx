'use client';

import { storeIsland } from '@/lib/store/store-provider';
import { storeIslandWithView } from '@/lib/store/island-with-view';
import { ChangePasswordView } from './change-password-view';
import { ProfileView } from './profile-editor';

/** What a page rendered for no logged-in shopper does once the store is there (signed-out.tsx). */
export const SignedOutWatch = storeIsland(() => import('./signed-out').then((module) => module.SignedOutWatch));

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
