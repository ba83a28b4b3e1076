'use client';

import { hydratedIsland } from '@/lib/hydrated-island';
import { FormPlaceholder } from './auth-card';

/** The login page's form (login-page.tsx), loaded after the page. */
export const LoginPage = hydratedIsland(
  () => import('./login-page').then((module) => module.LoginPage),
  <FormPlaceholder />,
);

/** Registration (register-form.tsx), loaded after the page. */
export const RegisterForm = hydratedIsland(
  () => import('./register-form').then((module) => module.RegisterForm),
  <FormPlaceholder />,
);

/** The forgotten password form (forgot-password-form.tsx), loaded after the page. */
export const ForgotPasswordForm = hydratedIsland(
  () => import('./forgot-password-form').then((module) => module.ForgotPasswordForm),
  <FormPlaceholder />,
);

/** Email verification (verify-email-form.tsx), loaded after the page. */
export const VerifyEmail = hydratedIsland(
  () => import('./verify-email-form').then((module) => module.VerifyEmail),
  <FormPlaceholder />,
);
