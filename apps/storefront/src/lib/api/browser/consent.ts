import {
  CONSENT_PATHS,
  GENERIC_MESSAGES,
  type ConsentRecord,
  type Nominee,
  type NomineeBody,
  type OptionalConsentPurpose,
} from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The consent and nominee calls of the browser (docs/behaviour.md "Consent and the privacy
 * notice"), with the session cookie. Each throws MutationError with the API's message, else the
 * generic text.
 */

/** POST /account/consents/:purpose {given}: gives or withdraws an optional purpose; the new record and the API's message. */
export async function giveConsent(
  apiUrl: string,
  purpose: OptionalConsentPurpose,
  given: boolean,
): Promise<{ record: ConsentRecord | undefined; message: string | undefined }> {
  const answer = await mutate<ConsentRecord>(apiUrl, `${CONSENT_PATHS.consents}/${purpose}`, {
    json: { given },
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { record: answer.data, message: answer.message };
}

/** PUT /account/nominee: names (or replaces) the nominee; the saved nominee and the API's message. */
export async function saveNominee(
  apiUrl: string,
  body: NomineeBody,
): Promise<{ nominee: Nominee | undefined; message: string | undefined }> {
  const answer = await mutate<Nominee>(apiUrl, CONSENT_PATHS.nominee, {
    method: 'PUT',
    json: body,
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { nominee: answer.data, message: answer.message };
}

/** DELETE /account/nominee: removes the nominee; the API's message. */
export async function removeNominee(apiUrl: string): Promise<string | undefined> {
  return (
    await mutate<undefined>(apiUrl, CONSENT_PATHS.nominee, { method: 'DELETE', fallback: GENERIC_MESSAGES.fallback })
  ).message;
}
