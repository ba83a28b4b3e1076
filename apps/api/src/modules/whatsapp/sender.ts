/**
 * Outgoing WhatsApp messages (docs/architecture.md "Providers"; docs/deploy.md "WhatsApp (Cloud
 * API)"): one interface, the WhatsApp Business Cloud API when its phone number id and token are
 * configured, otherwise a local outbox of JSON files under DATA_DIR whose arrival is logged.
 *
 * Business-initiated messages must be approved templates: each update names its template (the
 * names are settings) and fills its named body parameters; the COD confirmation template also
 * carries a quick-reply button whose payload comes back in the inbound webhook. Neither the
 * number nor a confirmation token is ever logged.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One template message: the 10-digit number, the template's name and language, its named body parameters. */
export type WhatsappTemplateMessage = {
  phone: string;
  template: string;
  language: 'en' | 'hi';
  params: Record<string, string>;
  /** The payload of the template's first quick-reply button, when it has one. */
  quickReplyPayload?: string;
  /** Written in the log instead of the number: the order the message is about. */
  orderId: string;
};

/**
 * The Cloud API refused the number for good (not on WhatsApp, or not reachable by a template:
 * error 131026 and the like): the caller texts instead of retrying.
 */
export class WhatsappUndeliverableError extends Error {}

export interface WhatsappSender {
  /**
   * Sends the template message; answers Meta's message id. Rejects with
   * WhatsappUndeliverableError when the number cannot get it, else with an Error to retry (never
   * with the number or a parameter in its message).
   */
  send(message: WhatsappTemplateMessage): Promise<{ messageId: string }>;
  readonly kind: 'cloud' | 'outbox';
}

/** The outbox folder inside DATA_DIR. */
export const WHATSAPP_OUTBOX_DIR_NAME = 'whatsapp-outbox';

export type CloudApiSettings = {
  /** The WhatsApp Business phone number's id (Meta's app dashboard → WhatsApp → API setup). */
  phoneNumberId: string;
  /** A system user's permanent access token, sent as `Authorization: Bearer`. */
  accessToken: string;
  /** https://graph.facebook.com by default; a test points it at a local stand-in. */
  baseUrl: string;
  /** The Graph API version in the path, e.g. v21.0. */
  apiVersion: string;
};

/** Meta's error codes that mean this number will not get a template message (no retry helps). */
const UNDELIVERABLE_CODES = new Set([131026, 131021, 131047, 131049, 131050, 133010]);

/** The `components` of a template message: the named body parameters and the quick-reply payload. */
export function templateComponents(message: WhatsappTemplateMessage): object[] {
  const components: object[] = [
    {
      type: 'body',
      parameters: Object.entries(message.params).map(([name, text]) => ({
        type: 'text',
        parameter_name: name,
        text,
      })),
    },
  ];
  if (message.quickReplyPayload) {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: message.quickReplyPayload }],
    });
  }
  return components;
}

/**
 * The Cloud API (`POST {base}/{version}/{phone-number-id}/messages`, bearer token) with a
 * template message: `{ messaging_product: 'whatsapp', recipient_type: 'individual', to:
 * '91XXXXXXXXXX', type: 'template', template: { name, language: { code }, components } }`. Meta
 * answers `{ messages: [{ id: 'wamid.…' }] }`, or `{ error: { message, code } }` with a 4xx/5xx.
 */
export function cloudApiSender(
  settings: CloudApiSettings,
  logger: { info(obj: object, msg?: string): void },
  fetchImpl: typeof fetch = fetch,
): WhatsappSender {
  const url = `${settings.baseUrl.replace(/\/$/, '')}/${settings.apiVersion}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    kind: 'cloud',
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: `91${message.phone}`,
          type: 'template',
          template: {
            name: message.template,
            language: { code: message.language },
            components: templateComponents(message),
          },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => null)) as {
        messages?: { id?: string }[];
        error?: { message?: string; code?: number };
      } | null;
      const messageId = answer?.messages?.[0]?.id;
      if (response.ok && messageId) {
        logger.info({ orderId: message.orderId, template: message.template, messageId }, 'WhatsApp message sent');
        return { messageId };
      }
      const code = answer?.error?.code;
      const why = `WhatsApp refused the message (HTTP ${response.status}: ${code ?? 'no code'})`;
      if (code !== undefined && UNDELIVERABLE_CODES.has(code)) throw new WhatsappUndeliverableError(why);
      throw new Error(why);
    },
  };
}

/**
 * The development outbox: each message is a file `<dataDir>/whatsapp-outbox/<time>-<random>.json`
 * holding the request the Cloud API would get (the number included); the log names the order,
 * the template and the file, never the number.
 */
export function outboxSender(opts: {
  dataDir: string;
  logger: { info(obj: object, msg?: string): void };
}): WhatsappSender {
  const dir = path.join(opts.dataDir, WHATSAPP_OUTBOX_DIR_NAME);
  return {
    kind: 'outbox',
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const messageId = `wamid.outbox-${randomBytes(8).toString('hex')}`;
      const time = new Date().toISOString().replace(/[-:.]/g, '');
      const file = path.join(dir, `${time}-${randomBytes(4).toString('hex')}.json`);
      const body = {
        id: messageId,
        to: `91${message.phone}`,
        template: message.template,
        language: message.language,
        params: message.params,
        ...(message.quickReplyPayload ? { quickReplyPayload: message.quickReplyPayload } : {}),
      };
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      const partial = path.join(dir, `.${path.basename(file)}.tmp`);
      await fs.writeFile(partial, `${JSON.stringify(body, null, 2)}\n`);
      await fs.rename(partial, file);
      opts.logger.info(
        { orderId: message.orderId, template: message.template, file },
        'WhatsApp message saved to the outbox',
      );
      return { messageId };
    },
  };
}
