/**
 * Shapes of the accounts API (behaviour.md §3 User, §7 Auth): request bodies with the messages a person
 * reads when a field is wrong, and the public user the API answers with. Secrets (password
 * and code hashes, session ids) have no field here, so no response can carry them.
 */
import { z } from 'zod';
import { PROFILE_GENDERS, SHOPPER_LOCALES } from './auth-constants';
import { AUTH_MESSAGES, VALIDATION_MESSAGES as V } from './messages';

// The constants moved to auth-constants.ts (no zod: client code may import them without it) stay importable from here.
export * from './auth-constants';

/** An email address, trimmed and lower-cased. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(V.email).max(254, V.email));

/** A new password: 8 to 128 characters. */
export const passwordSchema = z.string().min(8, V.passwordTooShort).max(128, V.passwordTooLong);

/** Indian mobile number: 10 digits starting 6–9, optionally written with +91; stored as the 10 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(?:\+?91[\s-]?)?[6-9]\d{9}$/, V.phone)
  .transform((value) => value.replace(/\D/g, '').slice(-10));

export const nameSchema = z.string().trim().min(1, V.name).max(100, V.nameTooLong);

/** A one-time code: six digits. */
export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, V.otp);

export const profileGenderSchema = z.enum(PROFILE_GENDERS, V.gender);

/** The language of an account or order: 'en' or 'hi' (SHOPPER_LOCALES). */
export const shopperLocaleSchema = z.enum(SHOPPER_LOCALES, V.locale);

/** Date of birth as YYYY-MM-DD, in the past, at most 120 years ago. */
export const dateOfBirthSchema = z.iso.date(V.dateOfBirth).refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  const now = new Date();
  return date < now && now.getUTCFullYear() - date.getUTCFullYear() <= 120;
}, V.dateOfBirth);

/** A postal address in India (behaviour.md §3 Order.shippingAddress). */
export const addressSchema = z.object({
  firstName: nameSchema,
  lastName: z.string().trim().max(100, V.nameTooLong),
  street: z.string().trim().min(1, V.street).max(300, V.street),
  city: z.string().trim().min(1, V.city).max(100, V.city),
  state: z.string().trim().min(1, V.state).max(100, V.state),
  postalCode: z
    .string()
    .trim()
    .regex(/^[1-9]\d{5}$/, V.postalCode),
  country: z.literal('India', V.country).default('India'),
  phone: phoneSchema,
});
export type Address = z.infer<typeof addressSchema>;

/** An address as answered (already validated, so no parsing rules: responses are encoded, not parsed). */
export const savedAddressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Optional; an empty string counts as not given. */
  phone: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(phoneSchema.optional()),
  /** The language the shopper signed up in (the storefront page's); mails go in it. Default 'en'. */
  locale: shopperLocaleSchema.optional(),
  /**
   * Optional purposes the shopper ticked on the sign-up form (never pre-ticked; docs/behaviour.md
   * "Consent and the privacy notice"). WhatsApp updates need a number, so they are asked at checkout.
   */
  consents: z
    .array(z.enum(['cart_reminders']))
    .max(1)
    .optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

/** Login: both fields required (behaviour.md §5); the email is matched case-insensitively. */
export const loginBodySchema = z.object({
  email: z.string(AUTH_MESSAGES.fillAllFields).trim().min(1, AUTH_MESSAGES.fillAllFields).max(254),
  password: z.string(AUTH_MESSAGES.fillAllFields).min(1, AUTH_MESSAGES.fillAllFields).max(1024),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const googleLoginBodySchema = z.object({ token: z.string().min(1, V.googleToken).max(8192) });

export const verifyEmailBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export const emailBodySchema = z.object({ email: emailSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1, V.currentPassword).max(1024),
  newPassword: passwordSchema,
});

/** Forgot password, step 2: the code from the mail and the new password. */
export const resetPasswordBodySchema = z.object({ email: emailSchema, otp: otpSchema, newPassword: passwordSchema });

/** The fields of the profile form (PUT /auth/profile/full, multipart); all optional, '' clears. */
export const profileFieldsSchema = z.object({
  name: nameSchema.optional(),
  phone: phoneSchema.nullable().optional(),
  gender: profileGenderSchema.nullable().optional(),
  dateOfBirth: dateOfBirthSchema.nullable().optional(),
  addresses: z.array(addressSchema).max(10, V.addresses).optional(),
  /** The account's language (the storefront's switch sets it); mails go in it. */
  locale: shopperLocaleSchema.optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

/** A user as the API shows them to themselves (behaviour.md §3 User). */
export const userSchema = z.object({
  id: z.string(),
  /** Null for an account made with a mobile number that never added an email. */
  email: z.string().nullable(),
  name: z.string(),
  /** The account's mobile number (10 digits); `phoneVerified` says whether a code to it proved it. */
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  gender: profileGenderSchema.nullable(),
  dateOfBirth: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isEmailVerified: z.boolean(),
  /** False for an account made through Google that has not set a password. */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  addresses: z.array(savedAddressSchema),
  /** The account's language: mails to the shopper go in it. */
  locale: z.enum(SHOPPER_LOCALES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResultSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResult = z.infer<typeof authResultSchema>;

/** Sign-in with a mobile number, step 1 (behaviour.md "Phone sign-in"): the number to text a code to. */
export const phoneBodySchema = z.object({ phone: phoneSchema });
export type PhoneBody = z.input<typeof phoneBodySchema>;

/** Step 2: the number and the 6-digit code from the SMS. */
export const phoneCodeBodySchema = z.object({
  phone: phoneSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, V.smsOtp),
});
export type PhoneCodeBody = z.input<typeof phoneCodeBodySchema>;

/** Step 2 of a sign-in: the number, the code, and the page's language (a new account takes it). */
export const phoneSignInBodySchema = phoneCodeBodySchema.extend({ locale: shopperLocaleSchema.optional() });
export type PhoneSignInBody = z.input<typeof phoneSignInBodySchema>;

/** A sign-in by mobile number: `created` when the number made a new account (its name is asked next). */
export const phoneSignInResultSchema = authResultSchema.extend({ created: z.boolean() });
export type PhoneSignInResult = z.infer<typeof phoneSignInResultSchema>;

export const registerResultSchema = authResultSchema.extend({ verificationEmailSent: z.boolean() });
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** How long a one-time code is valid, and how many wrong tries it allows. */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** Shortest wait between two codes mailed to one address. */
export const OTP_RESEND_INTERVAL_MS = 60 * 1000;
