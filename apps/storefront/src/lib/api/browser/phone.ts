import {
  AUTH_MESSAGES,
  type PhoneSignInBody,
  type PhoneSignInResult,
  type ShopperLocale,
  type User,
} from '@vastra/contracts';
import { MutationError, mutate } from './mutate';

/**
 * The phone sign-in calls (docs/behaviour.md "Phone sign-in") through the write helper
 * (mutate.ts): each resolves to what the form shows and throws MutationError with the message
 * to show (the API's, else the call's own; the connection texts when the API cannot be reached).
 * `apiUrl`: PublicConfig.apiUrl. `phone`: as typed (10 digits, +91 allowed); the API checks it.
 */

/** POST /auth/phone/start: texts a sign-in code; resolves to the message ("We have sent a 6-digit code…"). */
export async function startPhoneSignIn(apiUrl: string, phone: string): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/auth/phone/start', {
    json: { phone },
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.phoneCodeSent;
}

/**
 * POST /auth/phone/sign-in with the texted code and the page's language: the signed-in user and
 * whether the number made a new account (whose name is asked next).
 */
export async function signInWithPhone(
  apiUrl: string,
  body: PhoneSignInBody & { locale: ShopperLocale },
): Promise<{ user: User; created: boolean }> {
  const answer = await mutate<PhoneSignInResult>(apiUrl, '/auth/phone/sign-in', {
    json: body,
    fallback: AUTH_MESSAGES.loginFailed,
    answersBelow500: true,
    connectionTexts: true,
  });
  if (answer.data?.user) return { user: answer.data.user, created: answer.data.created };
  throw new MutationError(answer.message ?? AUTH_MESSAGES.codeIncorrect, answer.status ?? 0);
}

/** POST /auth/phone/change: texts a code to the number the signed-in shopper wants as theirs. */
export async function startPhoneChange(apiUrl: string, phone: string): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/auth/phone/change', {
    json: { phone },
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? AUTH_MESSAGES.phoneCodeSent;
}

/** POST /auth/phone/change/confirm: the code makes the number the account's verified one; the saved user and the toast. */
export async function confirmPhoneChange(
  apiUrl: string,
  body: { phone: string; otp: string },
): Promise<{ user: User; message: string }> {
  const answer = await mutate<{ user: User }>(apiUrl, '/auth/phone/change/confirm', {
    json: body,
    fallback: AUTH_MESSAGES.fallback,
    connectionTexts: true,
  });
  if (!answer.data?.user) throw new MutationError(AUTH_MESSAGES.userNotFound, 200);
  return { user: answer.data.user, message: answer.message ?? AUTH_MESSAGES.phoneVerified };
}
