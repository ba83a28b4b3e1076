/**
 * The account's constants without zod (the storefront's first-load profile form imports them
 * without the schemas of auth.ts).
 */

/** The genders a profile may give (or none). */
export const PROFILE_GENDERS = ['female', 'male', 'other'] as const;

/** Largest avatar upload, in bytes. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The types an avatar may be. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The languages a shopper's account (and an order) may be in: the storefront's languages. Mails
 * to the shopper go in it (docs/behaviour.md "Languages of mails and invoices").
 */
export const SHOPPER_LOCALES = ['en', 'hi'] as const;
export type ShopperLocale = (typeof SHOPPER_LOCALES)[number];
