'use client';

import { storeIsland } from '@/lib/store/store-provider';

const placeholder = <div aria-hidden="true" className="min-h-96" />;

/** The account pages' gate (account-gate.tsx), loaded with the store. */
export const AccountGate = storeIsland(
  () => import('./account-gate').then((module) => module.AccountGate),
  placeholder,
);

/** The profile form (profile-form.tsx), loaded with the store. */
export const ProfileForm = storeIsland(() => import('./profile-form').then((module) => module.ProfileForm));

/** The change of password (change-password-form.tsx), loaded with the store. */
export const ChangePasswordForm = storeIsland(() =>
  import('./change-password-form').then((module) => module.ChangePasswordForm),
);
