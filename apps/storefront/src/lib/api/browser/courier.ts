import { COURIER_MESSAGES, type NdrAnswer, type NdrRequestBody } from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The shopper's answer to a failed delivery attempt (docs/behaviour.md "Courier updates: NDR and
 * RTO"): POST /orders/{id}/ndr with the session cookie. Throws MutationError with the API's
 * message, else "We could not reach the courier…".
 */
export async function answerDeliveryAttempt(
  apiUrl: string,
  orderId: string,
  body: NdrRequestBody,
): Promise<{ answer: NdrAnswer | undefined; message: string | undefined }> {
  const result = await mutate<NdrAnswer>(apiUrl, `/orders/${encodeURIComponent(orderId)}/ndr`, {
    json: body,
    fallback: COURIER_MESSAGES.ndrFailed,
  });
  return { answer: result.data, message: result.message };
}
