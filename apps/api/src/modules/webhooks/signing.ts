/**
 * Webhook signatures (docs/admin.md "Webhooks", how a receiver checks one): HMAC-SHA256 of
 * `${timestamp}.${body}` under the endpoint's secret, sent as
 * `x-vastra-signature: t=<unix seconds>,v1=<hex>` (a second `v1` while a rotated-out secret
 * still signs). Secrets are kept sealed (AES-256-GCM under a key derived from the server
 * secret), so a copy of the database alone cannot sign deliveries.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@vastra/contracts';

/** A new signing secret: `whsec_` and 32 random bytes in base64url. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The hex HMAC-SHA256 of `${timestamp}.${body}` under `secret`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header of `body` at `timestamp` (unix seconds), one `v1` per secret. */
export function signatureHeader(secrets: string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signatureOf(s, timestamp, body)}`)].join(',');
}

/**
 * A receiver's check, as docs/admin.md shows it: true when the header's timestamp is within
 * WEBHOOK_TOLERANCE_SECONDS of `now` (unix seconds) and one `v1` is the body's signature under
 * `secret`. Tests use it as a receiver would.
 */
export function verifySignature(secret: string, header: string, body: string, now = Date.now() / 1000): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string]);
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1') return false;
    const given = Buffer.from(v ?? '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Seals and opens signing secrets under a key derived from the server secret. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'vastra-webhooks', 'webhook-secret-encryption', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  }
}
