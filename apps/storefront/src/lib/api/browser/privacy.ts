import { GENERIC_MESSAGES, PRIVACY_MESSAGES } from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The account's data rights in the browser (docs/behaviour.md "Data rights: export, erasure,
 * retention"): the code sent to an account without a password (mailed, or texted to an account
 * without an email), and the closing of the account.
 * Each throws MutationError with the API's message (an order still on its way, a wrong password),
 * else the generic text.
 */

/** POST /account/erase/code: sends the code; the API's message says where it went. */
export async function sendErasureCode(apiUrl: string): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/account/erase/code', { fallback: GENERIC_MESSAGES.fallback });
  return answer.message ?? PRIVACY_MESSAGES.codeSent;
}

/** POST /account/erase: closes the account (password or code; store credit given up when agreed). */
export async function eraseAccount(
  apiUrl: string,
  body: { password?: string; code?: string; forfeitStoreCredit: boolean },
): Promise<string> {
  const answer = await mutate<unknown>(apiUrl, '/account/erase', {
    json: body,
    fallback: GENERIC_MESSAGES.fallback,
    connectionTexts: true,
  });
  return answer.message ?? PRIVACY_MESSAGES.erased;
}
