/**
 * A local HTTP server answering in PhonePe Standard Checkout v2's documented shapes (OAuth
 * token, create payment, order status, refund, refund status), for the payments tests, and the
 * test credentials it accepts (webhook Authorization = SHA256(username:password), hex).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT_ID = 'VASTRAUAT_2501';
export const CLIENT_SECRET = 'pp-client-secret-7f3a9c';
export const WEBHOOK_USERNAME = 'vastra_hook';
export const WEBHOOK_PASSWORD = 'hookPass2025';
export const WEBHOOK_AUTH = createHash('sha256').update(`${WEBHOOK_USERNAME}:${WEBHOOK_PASSWORD}`).digest('hex');

/** The API's configuration for PhonePe served by a FakePhonePe listening at `base`. */
export function phonePeEnv(base: string): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'phonepe',
    PHONEPE_BASE_URL: `${base}/pg`,
    PHONEPE_AUTH_URL: `${base}/identity`,
    PHONEPE_CLIENT_ID: CLIENT_ID,
    PHONEPE_CLIENT_SECRET: CLIENT_SECRET,
    PHONEPE_CLIENT_VERSION: '1',
    PHONEPE_WEBHOOK_USERNAME: WEBHOOK_USERNAME,
    PHONEPE_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
  };
}

/** What the order status API answers for one merchantOrderId; `orderId` = PhonePe's own id (default OMO-<merchantOrderId>). */
export type OrderStatusAnswer = { state: string; amount?: number; errorCode?: string; orderId?: string };

/** What the refund status API answers for one merchantRefundId. */
export type RefundStatusAnswer = { state: string; errorCode?: string };

/**
 * A stand-in for PhonePe: token under /identity, checkout and refunds under /pg, recording
 * what it was sent. Refunds are answered PENDING when created and then as `refundStatus` says.
 */
export class FakePhonePe {
  server = http.createServer((req, res) => void this.handle(req, res));
  tokenForms: URLSearchParams[] = [];
  tokenContentTypes: string[] = [];
  pays: { authorization: string | undefined; body: Record<string, unknown> }[] = [];
  statusReads: { authorization: string | undefined; url: string }[] = [];
  /** Tokens PhonePe accepts; clearing it revokes them all. */
  valid = new Set<string>();
  status = new Map<string, OrderStatusAnswer>();
  /** Epoch seconds of the next token's expires_at. */
  tokenExpiresAt = Math.floor(Date.now() / 1000) + 3600;
  down = false;
  refunds: { authorization: string | undefined; body: Record<string, unknown> }[] = [];
  refundStatusReads: { authorization: string | undefined; url: string }[] = [];
  refundStatus = new Map<string, RefundStatusAnswer>();
  /** Takes the next refund but answers 504, as when PhonePe's answer is lost on the way. */
  loseNextRefundAnswer = false;
  payRedirectUrl: string | null = null;

  /** Listens on 127.0.0.1:`port` (a free one by default); resolves to its base URL. */
  async listen(port = 0): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.down) return send(503, { success: false, code: 'INTERNAL_SERVER_ERROR', message: 'Service unavailable' });
    const url = req.url ?? '';
    if (req.method === 'POST' && url === '/identity/v1/oauth/token') {
      const form = new URLSearchParams(raw);
      this.tokenForms.push(form);
      this.tokenContentTypes.push(String(req.headers['content-type']));
      if (form.get('client_secret') !== CLIENT_SECRET) return send(401, { code: 'UNAUTHORIZED' });
      const token = `pp-token-${this.tokenForms.length}`;
      this.valid.add(token);
      const now = Math.floor(Date.now() / 1000);
      return send(200, {
        access_token: token,
        encrypted_access_token: token,
        expires_in: null,
        issued_at: now,
        expires_at: this.tokenExpiresAt,
        session_expires_at: this.tokenExpiresAt,
        token_type: 'O-Bearer',
      });
    }
    const authorization = req.headers.authorization;
    const token = authorization?.startsWith('O-Bearer ') ? authorization.slice('O-Bearer '.length) : '';
    if (!this.valid.has(token)) return send(401, { success: false, code: 'UNAUTHORIZED', message: 'Invalid token' });
    if (req.method === 'POST' && url === '/pg/checkout/v2/pay') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      this.pays.push({ authorization, body });
      return send(200, {
        orderId: `OMO${2500 + this.pays.length}`,
        state: 'PENDING',
        expireAt: Date.now() + 1_200_000,
        redirectUrl:
          this.payRedirectUrl ?? `https://mercury-uat.phonepe.com/transact/uat_v2?token=tk${this.pays.length}`,
      });
    }
    if (req.method === 'POST' && url === '/pg/payments/v2/refund') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      this.refunds.push({ authorization, body });
      if (this.loseNextRefundAnswer) {
        this.loseNextRefundAnswer = false;
        return send(504, { success: false, code: 'GATEWAY_TIMEOUT', message: 'Gateway timeout' });
      }
      return send(200, { refundId: `OMR${7000 + this.refunds.length}`, amount: body.amount, state: 'PENDING' });
    }
    const refundStatus = /^\/pg\/payments\/v2\/refund\/([^/?]+)\/status$/.exec(url);
    if (req.method === 'GET' && refundStatus) {
      this.refundStatusReads.push({ authorization, url });
      const merchantRefundId = decodeURIComponent(refundStatus[1]!);
      const index = this.refunds.findIndex((r) => r.body.merchantRefundId === merchantRefundId);
      if (index < 0) return send(404, { success: false, code: 'NOT_FOUND', message: 'Refund not found' });
      const created = this.refunds[index]!.body;
      const answer = this.refundStatus.get(merchantRefundId) ?? { state: 'PENDING' };
      return send(200, {
        originalMerchantOrderId: created.originalMerchantOrderId,
        amount: created.amount,
        state: answer.state,
        timestamp: Date.now(),
        refundId: `OMR${7001 + index}`,
        ...(answer.errorCode ? { errorCode: answer.errorCode, detailedErrorCode: 'REFUND_FAILED' } : {}),
        ...(answer.state === 'COMPLETED'
          ? {
              splitInstruments: [
                {
                  amount: created.amount,
                  rail: { type: 'UPI', utr: '586756785', upiTransactionId: 'YBL5bc011fa', vpa: 'abc@ybl' },
                  instrument: { type: 'ACCOUNT', maskedAccountNumber: 'XXXXXXX7728', accountType: 'SAVINGS' },
                },
              ],
            }
          : {}),
      });
    }
    const status = /^\/pg\/checkout\/v2\/order\/([^/?]+)\/status(\?.*)?$/.exec(url);
    if (req.method === 'GET' && status) {
      this.statusReads.push({ authorization, url });
      const merchantOrderId = decodeURIComponent(status[1]!);
      const answer = this.status.get(merchantOrderId) ?? { state: 'PENDING' };
      const pay = this.pays.find((p) => p.body.merchantOrderId === merchantOrderId);
      return send(200, {
        orderId: answer.orderId ?? `OMO-${merchantOrderId}`,
        state: answer.state,
        amount: answer.amount ?? pay?.body.amount,
        expireAt: Date.now() + 600_000,
        ...(answer.errorCode ? { errorCode: answer.errorCode, detailedErrorCode: 'ZM' } : {}),
        paymentDetails: [
          {
            paymentMode: 'UPI_QR',
            transactionId: 'OM2501010101',
            timestamp: Date.now(),
            amount: answer.amount ?? pay?.body.amount,
            state: answer.state,
          },
        ],
      });
    }
    send(404, { code: 'NOT_FOUND' });
  }
}
