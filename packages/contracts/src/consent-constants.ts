/**
 * The privacy notice's version, the purposes a shopper consents to, and the texts of consent, the
 * nominee and the breach register (docs/behaviour.md "Consent and the privacy notice"), in a file
 * without zod so the storefront's client components ship no schema code.
 */

/**
 * The version of the privacy notice the sign-up and checkout show (its text is the storefront's
 * `privacy` messages). Change it whenever that text changes: every consent taken afterwards
 * records the new version.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-28';

/** The privacy policy page the notice links to. */
export const PRIVACY_POLICY_PATH = '/policies/privacy';

/**
 * Purposes of consent. `account` and `orders` are taken with the notice (registering, placing an
 * order); the others are optional, never pre-ticked, each given and withdrawn on its own.
 */
export const CONSENT_PURPOSES = ['account', 'orders', 'cart_reminders', 'whatsapp_updates', 'price_alerts'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The optional purposes: given by an explicit action, withdrawable with one click from the account page. */
export const OPTIONAL_CONSENT_PURPOSES = ['cart_reminders', 'whatsapp_updates', 'price_alerts'] as const;
export type OptionalConsentPurpose = (typeof OPTIONAL_CONSENT_PURPOSES)[number];

/** What a consent record says happened. */
export const CONSENT_ACTIONS = ['given', 'withdrawn'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** Where it happened: the store's pages, a WhatsApp reply (STOP), a mailed link. */
export const CONSENT_CHANNELS = ['web', 'whatsapp', 'link'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** Paths of the shopper's consent and nominee API. */
export const CONSENT_PATHS = {
  consents: '/account/consents',
  nominee: '/account/nominee',
} as const;

export const CONSENT_MESSAGES = {
  given: 'Thank you. Your consent is recorded.',
  withdrawn: 'Your consent is withdrawn. We have stopped.',
  purposeInvalid: 'Choose one of: cart reminders, WhatsApp updates, price drops.',
  givenRequired: 'Say whether you give or withdraw your consent.',
  nomineeSaved: 'Your nominee is saved.',
  nomineeRemoved: 'Your nominee is removed.',
  nomineeNotFound: 'You have not named a nominee.',
  nomineeNameRequired: 'Enter your nominee’s name.',
  nomineeRelationshipRequired: 'Enter how your nominee is related to you.',
  nomineeContactRequired: 'Enter your nominee’s email or mobile number.',
  nomineeEmailInvalid: 'Enter a valid email address for your nominee.',
  nomineePhoneInvalid: 'Enter a valid 10-digit mobile number for your nominee.',
} as const;

/** The admin's breach register (staff texts, English only). */
export const BREACH_MESSAGES = {
  notFound: 'Data breach not found.',
  saved: 'Data breach saved.',
} as const;
