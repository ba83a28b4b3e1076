/**
 * The Cloud API's webhook body (docs/deploy.md "WhatsApp (Cloud API)"), as far as the store reads
 * it: `{ object: 'whatsapp_business_account', entry: [{ id, changes: [{ field: 'messages', value:
 * { statuses?: [{ id, status }], messages?: [{ from, id, type, text?, button?, interactive? }] } }] }] }`.
 * Other fields pass through unread; the signature (X-Hub-Signature-256) is checked on the raw body
 * before this is parsed.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const statusSchema = z.looseObject({ id: z.string().max(200), status: z.string().max(40) });
const messageSchema = z.looseObject({
  from: z.string().max(20),
  id: z.string().max(200),
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
  /** A template's quick-reply button tapped. */
  button: z.looseObject({ payload: z.string().max(1000), text: z.string().max(200).optional() }).optional(),
  /** An interactive message's reply button tapped. */
  interactive: z.looseObject({ button_reply: z.looseObject({ id: z.string().max(1000) }).optional() }).optional(),
});

export const whatsappWebhookSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        changes: z
          .array(
            z.looseObject({
              field: z.string(),
              value: z.looseObject({
                statuses: z.array(statusSchema).max(1000).optional(),
                messages: z.array(messageSchema).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WhatsappWebhook = z.infer<typeof whatsappWebhookSchema>;

/** `sha256=` + HMAC-SHA256 of the raw body with the app secret, compared in constant time; false without a secret. */
export function isValidHubSignature(rawBody: string, header: string | undefined, appSecret: string | null): boolean {
  if (!appSecret || !header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim().toLowerCase());
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
