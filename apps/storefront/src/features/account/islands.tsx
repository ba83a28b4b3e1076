'use client';

import { hydratedIsland, hydratedIslandOverView } from '@/lib/hydrated-island';

/** The profile form (profile-form.tsx) over the server's view of it (profile-view.tsx). */
export const ProfileForm = hydratedIslandOverView(() => import('./profile-form').then((module) => module.ProfileForm));

/** The change of password (change-password-form.tsx) over the server's view of it (change-password-view.tsx). */
export const ChangePasswordForm = hydratedIslandOverView(() =>
  import('./change-password-form').then((module) => module.ChangePasswordForm),
);

/** The mobile number and its change with a texted code (phone-number.tsx), loaded after the page. */
export const PhoneNumber = hydratedIsland(() => import('./phone-number').then((module) => module.PhoneNumber));

/** The choice of order updates on WhatsApp (whatsapp-updates.tsx), loaded after the page. */
export const WhatsappUpdates = hydratedIsland(() =>
  import('./whatsapp-updates').then((module) => module.WhatsappUpdates),
);

/** "Close my account and erase my data" (close-account.tsx), loaded after the page. */
export const CloseAccount = hydratedIsland(() => import('./close-account').then((module) => module.CloseAccount));
