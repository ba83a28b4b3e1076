/**
 * A local HTTP server answering as MSG91's Flow API documents (docs/deploy.md "SMS (MSG91)"):
 * `POST /api/v5/flow` with the `authkey` header and `{ template_id, sender, short_url,
 * recipients: [{ mobiles: '91XXXXXXXXXX', otp }] }`, answering `{ type: 'success', message }`.
 * Only a request in that shape is kept (so a kept one proves the method, path, key and JSON), and a
 * test reads the code a number was sent; `refuse` makes it answer MSG91's error instead.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const MSG91_AUTH_KEY = 'msg91-auth-key-test';

/** The API's configuration for texts through a FakeMsg91 listening at `base`. */
export function msg91Env(base: string): Record<string, string> {
  return {
    MSG91_AUTH_KEY,
    MSG91_TEMPLATE_ID: '6650a1b2c3d4e5f6a7b8c9d0',
    MSG91_SENDER_ID: 'VASTRA',
    MSG91_BASE_URL: base,
  };
}

/** One Flow API request's body as MSG91 receives it. */
export type FlowRequest = { template_id: string; sender: string; recipients: { mobiles: string; otp?: string }[] };

export class FakeMsg91 {
  readonly received: FlowRequest[] = [];
  /** When set, a well-formed request is kept and answered with this error (MSG91's refusal). */
  refuse: { status: number; message: string } | null = null;
  private server: http.Server | null = null;

  /** Listens on a free local port; answers the base URL. */
  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.method !== 'POST' || req.url !== '/api/v5/flow' || req.headers.authkey !== MSG91_AUTH_KEY) {
          res.statusCode = 401;
          res.end(JSON.stringify({ type: 'error', message: 'Authentication failure' }));
          return;
        }
        if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
          res.statusCode = 400;
          res.end(JSON.stringify({ type: 'error', message: 'Invalid content type' }));
          return;
        }
        this.received.push(JSON.parse(raw) as FlowRequest);
        if (this.refuse) {
          res.statusCode = this.refuse.status;
          res.end(JSON.stringify({ type: 'error', message: this.refuse.message }));
          return;
        }
        res.end(JSON.stringify({ type: 'success', message: '3763646c3058373530393138' }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The texts to `phone` (10 digits), oldest first. */
  textsTo(phone: string): FlowRequest[] {
    return this.received.filter((r) => r.recipients.some((to) => to.mobiles === `91${phone}`));
  }

  /** The code of the newest text to `phone`; throws when none came. */
  latestCode(phone: string): string {
    const otp = this.textsTo(phone)
      .at(-1)
      ?.recipients.find((to) => to.mobiles === `91${phone}`)?.otp;
    if (!otp) throw new Error(`No SMS code to ${phone}`);
    return otp;
  }

  /** Every code texted so far. */
  codes(): string[] {
    return this.received.flatMap((r) => r.recipients.flatMap((to) => (to.otp ? [to.otp] : [])));
  }
}
