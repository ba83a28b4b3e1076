import {
  GENERIC_MESSAGES,
  WHATSAPP_PATHS,
  type CodConfirmResult,
  type WhatsappOptIn,
  type WhatsappOptInBody,
} from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The WhatsApp calls of the browser (docs/behaviour.md "WhatsApp updates", "COD confirmation"):
 * the shopper's choice of order updates (the session cookie), and the confirmation of a held
 * cash on delivery order from its link, which needs no login (its token is the proof). Each
 * throws MutationError with the API's message, else the generic text.
 */

/** PUT /whatsapp/opt-in: turns the updates on (with the number, or the account's) or off; the saved choice and the API's message. */
export async function saveWhatsappOptIn(
  apiUrl: string,
  body: WhatsappOptInBody,
): Promise<{ optIn: WhatsappOptIn | undefined; message: string | undefined }> {
  const answer = await mutate<WhatsappOptIn>(apiUrl, WHATSAPP_PATHS.optIn, {
    method: 'PUT',
    json: body,
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { optIn: answer.data, message: answer.message };
}

/** POST /orders/cod-confirmation {token}: confirms the link's order; the order and the API's message. */
export async function confirmCodOrder(
  apiUrl: string,
  token: string,
): Promise<{ result: CodConfirmResult | undefined; message: string | undefined }> {
  const answer = await mutate<CodConfirmResult>(apiUrl, WHATSAPP_PATHS.codConfirm, {
    json: { token },
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { result: answer.data, message: answer.message };
}
