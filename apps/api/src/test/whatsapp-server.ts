/**
 * A local HTTP server answering in the WhatsApp Business Cloud API's documented shapes, for the
 * whatsapp tests: `POST /{version}/{phone-number-id}/messages` with `Authorization: Bearer`,
 * answering `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: 'wamid.…' }] }`,
 * or Meta's error envelope `{ error: { message, type, code, fbtrace_id } }` for a number in
 * `undeliverable` (code 131026) or a wrong token (190). Webhook bodies are signed as Meta signs
 * them (X-Hub-Signature-256: `sha256=` HMAC-SHA256 of the body with the app secret).
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const PHONE_NUMBER_ID = '109876543210987';
export const ACCESS_TOKEN = 'EAAGtest-whatsapp-access-token-5f1c';
export const APP_SECRET = 'meta-app-secret-9e2b41';
export const VERIFY_TOKEN = 'vastra-verify-7731';

/** The API's configuration for WhatsApp served by a FakeCloudApi listening at `base`. */
export function whatsappEnv(base: string): Record<string, string> {
  return {
    WHATSAPP_UPDATES: 'true',
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_BASE_URL: base,
  };
}

/** A webhook's X-Hub-Signature-256 for `body` (the exact string sent). */
export const hubSignature = (body: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A template message as the Cloud API receives it. */
export type SentTemplate = {
  messaging_product: string;
  recipient_type: string;
  to: string;
  type: string;
  template: {
    name: string;
    language: { code: string };
    components: {
      type: string;
      sub_type?: string;
      index?: string;
      parameters: { type: string; parameter_name?: string; text?: string; payload?: string }[];
    }[];
  };
};

export type Received = { path: string; authorization: string | undefined; body: SentTemplate; id: string };

export class FakeCloudApi {
  readonly received: Received[] = [];
  /** Numbers (91XXXXXXXXXX) WhatsApp cannot reach. */
  readonly undeliverable = new Set<string>();
  private server: http.Server | null = null;
  base = '';

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => this.answer(req, res, raw));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The named body parameters of a received message. */
  static params(message: SentTemplate): Record<string, string> {
    const body = message.template.components.find((c) => c.type === 'body');
    return Object.fromEntries((body?.parameters ?? []).map((p) => [p.parameter_name ?? '', p.text ?? '']));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    res.setHeader('content-type', 'application/json');
    const error = (status: number, code: number, message: string) => {
      res.statusCode = status;
      res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123' } }));
    };
    if (req.method !== 'POST' || req.url !== `/v21.0/${PHONE_NUMBER_ID}/messages`)
      return error(404, 100, 'Unknown path');
    if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return error(401, 190, 'Invalid OAuth access token');
    const body = JSON.parse(raw) as SentTemplate;
    if (this.undeliverable.has(body.to)) return error(400, 131026, 'Message undeliverable');
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    this.received.push({ path: req.url, authorization: req.headers.authorization, body, id });
    res.end(
      JSON.stringify({
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      }),
    );
  }
}

/** A webhook body as Meta posts it: one change of the messages field, carrying `value`. */
export function webhookBody(value: Record<string, unknown>): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
          },
        ],
      },
    ],
  });
}
