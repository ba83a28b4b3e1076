'use client';

import { storeIsland } from '@/lib/store/store-provider';
import { FormPlaceholder } from './auth-card';

/** The login page's form (login-page.tsx), loaded with the store. */
export const LoginPage = storeIsland(
  () => import('./login-page').then((module) => module.LoginPage),
  <FormPlaceholder />,
);

/** Registration (register-form.tsx), loaded with the store. */
export const RegisterForm = storeIsland(
  () => import('./register-form').then((module) => module.RegisterForm),
  <FormPlaceholder />,
);

/** The forgotten password form (forgot-password-form.tsx), loaded with the store. */
export const ForgotPasswordForm = storeIsland(
  () => import('./forgot-password-form').then((module) => module.ForgotPasswordForm),
  <FormPlaceholder />,
);

/** Email verification (verify-email-form.tsx), loaded with the store. */
export const VerifyEmail = storeIsland(
  () => import('./verify-email-form').then((module) => module.VerifyEmail),
  <FormPlaceholder />,
);
