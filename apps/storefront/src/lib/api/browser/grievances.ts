import { GENERIC_MESSAGES, type Grievance, type GrievanceLodgeBody, type GrievanceLookupBody } from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The grievance calls of the browser (docs/behaviour.md "Grievances"): lodging one (signed in or
 * not; the session cookie links it to the account) and looking one up by number and email. Each
 * throws MutationError with the API's message, else the generic text.
 */

/** POST /grievances: the grievance as registered (its number, status, clocks) and the API's message. */
export async function lodgeGrievance(
  apiUrl: string,
  body: GrievanceLodgeBody,
): Promise<{ grievance: Grievance | undefined; message: string | undefined }> {
  const answer = await mutate<{ grievance: Grievance }>(apiUrl, '/grievances', {
    json: body,
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { grievance: answer.data?.grievance, message: answer.message };
}

/** POST /grievances/lookup {number, email}: the grievance; MutationError 404 for a wrong pair. */
export async function lookupGrievance(apiUrl: string, body: GrievanceLookupBody): Promise<Grievance | undefined> {
  const answer = await mutate<{ grievance: Grievance }>(apiUrl, '/grievances/lookup', {
    json: body,
    fallback: GENERIC_MESSAGES.fallback,
  });
  return answer.data?.grievance;
}
