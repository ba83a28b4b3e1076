import {
  AUTH_MESSAGES,
  type AuthResult,
  type LoginBody,
  type RegisterBody,
  type RegisterResult,
  type ShopperLocale,
  type User,
} from '@vastra/contracts';
import { ApiError } from '@/lib/api/api-error';
import { MutationError, browserClient, mutate } from './mutate';

/**
 * The accounts calls of behaviour.md §7 Auth through the write helper (lib/api/browser/mutate.ts),
 * each with its behaviour.md §8 texts: the API's message first, else the call's own, and the
 * connection texts ('Unable to connect to our servers…', 'The connection timed out…') when the
 * API cannot be reached or does not answer in time. Each resolves to what the form shows and
 * throws MutationError with the message to show. No state: the forms keep theirs, the shopper
 * context keeps the user (features/auth/session.ts). `apiUrl`: PublicConfig.apiUrl.
 */

/** Who is logged in, as a call's refusal needs it: the shopper context's user, null for a guest. */
type Shopper = User | null;

/**
 * behaviour.md §5 Login, §8 Login: POST /auth/login. A refusal below 500 (a wrong password) is the
 * login's answer, not a session expiry: its message, else 'Incorrect email or password…'.
 */
export async function logInWithPassword(apiUrl: string, body: LoginBody): Promise<User> {
  const answer = await mutate<AuthResult>(apiUrl, '/auth/login', {
    json: body,
    fallback: AUTH_MESSAGES.fallback,
    answersBelow500: true,
    connectionTexts: true,
  });
  if (answer.data?.user) return answer.data.user;
  throw new MutationError(answer.message ?? AUTH_MESSAGES.incorrectCredentials, answer.status ?? 0);
}

/** POST /auth/google-login with Google's ID token (behaviour.md §8 Google: the API's message or 'Failed to log in with Google.'). */
export async function logInWithGoogle(apiUrl: string, credential: string): Promise<User> {
  const answer = await mutate<AuthResult>(apiUrl, '/auth/google-login', {
    json: { token: credential },
    fallback: AUTH_MESSAGES.googleRejected,
    answersBelow500: true,
    connectionTexts: true,
  });
  if (answer.data?.user) return answer.data.user;
  throw new MutationError(answer.message ?? AUTH_MESSAGES.googleRejected, answer.status ?? 0);
}

/**
 * POST /auth/register (behaviour.md §8 Register): the user (now logged in) and whether the code
 * mail went. A refusal: the API's message, else 'Invalid registration details.' (400) or
 * 'Registration failed…'; a server failure (500 and above) is 'Registration failed…'.
 */
export async function register(apiUrl: string, body: RegisterBody): Promise<RegisterResult> {
  let answer;
  try {
    answer = await mutate<RegisterResult>(apiUrl, '/auth/register', {
      json: body,
      fallback: AUTH_MESSAGES.registrationFailed,
      answersBelow500: true,
      connectionTexts: true,
    });
  } catch (error) {
    if (error instanceof MutationError && error.status === 0) throw error;
    throw new MutationError(AUTH_MESSAGES.registrationFailed, error instanceof MutationError ? error.status : 0);
  }
  if (answer.data?.user) return answer.data;
  const status = answer.status ?? 0;
  throw new MutationError(
    answer.message ?? (status === 400 ? AUTH_MESSAGES.invalidRegistration : AUTH_MESSAGES.registrationFailed),
    status,
  );
}

/** behaviour.md §5: verifying needs a logged-in shopper with an email; resolves to the verified user and the toast. */
export async function verifyEmail(
  apiUrl: string,
  shopper: Shopper,
  otp: string,
): Promise<{ user: User; message: string }> {
  const email = requireEmail(shopper);
  const answer = await mutate<{ user: User }>(apiUrl, '/auth/verify-email', {
    json: { email, otp },
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  if (!answer.data?.user) throw new MutationError(AUTH_MESSAGES.userNotFound, 200);
  return { user: answer.data.user, message: answer.message ?? AUTH_MESSAGES.emailVerified };
}

/** behaviour.md §5: resending the code needs a logged-in shopper with an email; resolves to the message. */
export async function resendVerification(apiUrl: string, shopper: Shopper): Promise<string> {
  const email = requireEmail(shopper);
  const answer = await mutate<unknown>(apiUrl, '/auth/resend-verification', {
    json: { email },
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.verificationSent;
}

/** Forgot password, step 1: mails a reset code (the answer never tells whether the account exists). */
export async function forgotPassword(apiUrl: string, email: string): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/auth/forgot-password', {
    json: { email },
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.resetCodeSent;
}

/** Forgot password, step 2: the mailed code and a new password; every session ends. */
export async function resetPassword(
  apiUrl: string,
  body: { email: string; otp: string; newPassword: string },
): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/auth/reset-password', {
    json: body,
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.passwordReset;
}

/** behaviour.md §5: changing the password needs a session ('No auth token found' for a guest, nothing sent). */
export async function changePassword(
  apiUrl: string,
  shopper: Shopper,
  body: { currentPassword: string; newPassword: string },
): Promise<string> {
  if (!shopper) throw new MutationError(AUTH_MESSAGES.noAuthToken, 0);
  const answer = await mutate<unknown>(apiUrl, '/auth/reset-password-secure', {
    json: body,
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.passwordChanged;
}

/**
 * PUT /auth/profile/full, multipart (name, phone, gender, dateOfBirth, '' clearing one, and the
 * avatar file), through the credentialed client itself as a form upload (60 s for a slow
 * connection). behaviour.md §5: an empty form is refused here ('No form data provided…').
 * Resolves to the saved user and the toast.
 */
export async function updateProfile(apiUrl: string, form: FormData): Promise<{ user: User; message: string }> {
  if ([...form.keys()].length === 0) throw new MutationError(AUTH_MESSAGES.noFormData, 0);
  let answer;
  try {
    const client = await browserClient(apiUrl);
    answer = await client.request<{ user: User }>('/auth/profile/full', { method: 'PUT', form, timeoutMs: 60_000 });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new MutationError(AUTH_MESSAGES.fallback, 0);
    throw new MutationError(
      error.status !== 0 && error.isGeneric ? AUTH_MESSAGES.fallback : error.message,
      error.status,
    );
  }
  if (!answer.data?.user) throw new MutationError(AUTH_MESSAGES.userNotFound, answer.status);
  return { user: answer.data.user, message: answer.message ?? AUTH_MESSAGES.profileUpdated };
}

/**
 * Sets the signed-in shopper's account language (docs/behaviour.md "Languages of mails and invoices"): the language
 * switch calls it, so the shopper's mails follow the storefront's language. A one-field profile
 * form (PUT /auth/profile/full with `locale`). Resolves to the saved user; throws MutationError
 * as updateProfile does (401 for a guest, the API's message for a refusal).
 */
export async function setAccountLocale(apiUrl: string, locale: ShopperLocale): Promise<User> {
  const form = new FormData();
  form.set('locale', locale);
  return (await updateProfile(apiUrl, form)).user;
}

/** behaviour.md §4 Logout: POST /auth/logout ends the session its cookie names and clears the cookie. */
export async function endSessionAtApi(apiUrl: string): Promise<void> {
  await mutate<unknown>(apiUrl, '/auth/logout', { fallback: AUTH_MESSAGES.fallback });
}

function requireEmail(shopper: Shopper): string {
  if (!shopper) throw new MutationError(AUTH_MESSAGES.noAuthToken, 0);
  if (!shopper.email) throw new MutationError(AUTH_MESSAGES.userEmailNotFound, 0);
  return shopper.email;
}
