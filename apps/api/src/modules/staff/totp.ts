/**
 * Two-factor sign-in for staff (docs/admin.md): TOTP of RFC 6238 (SHA-1, 6 digits, 30 s, as
 * every authenticator app reads it) through `otpauth`, with a window of one step either side.
 * The secret is kept encrypted (AES-256-GCM under a key derived from the server secret) so a
 * copy of the database alone cannot mint codes; a code is accepted once (its time step must be
 * newer than the last accepted one). Recovery codes are 50 random bits each, stored as SHA-256.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@vastra/contracts';
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'Vastra';

export class TotpKeys {
  private readonly key: Buffer;

  constructor(serverSecret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'vastra-admin', 'totp-secret-encryption', 32));
  }

  /** A new secret for `email`: its base32 form (to type in) and the otpauth:// URI (for the QR code). */
  newSecret(email: string): { base32: string; uri: string; sealed: string } {
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ issuer: ISSUER, label: email, secret, period: PERIOD_S });
    return { base32: secret.base32, uri: totp.toString(), sealed: this.seal(secret.base32) };
  }

  /**
   * The time step `code` belongs to, or null when it matches none of the previous, current
   * and next steps at `now` (ms). The caller refuses a step not newer than the last accepted.
   */
  stepOf(sealed: string, code: string, now = Date.now()): number | null {
    const secret = Secret.fromBase32(this.open(sealed));
    const delta = TOTP.validate({ token: code, secret, period: PERIOD_S, timestamp: now, window: 1 });
    return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta;
  }

  private seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  private open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
  }
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes, `xxxxx-xxxxx`, shown to the staff member once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** SHA-256 of a token or recovery code (dash and case ignored), hex. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The stored form of a recovery code as typed (with or without its dash). */
export function recoveryCodeHash(code: string): string {
  return sha256(code.trim().toLowerCase().replace('-', ''));
}

/** A token for a session cookie or a set-up link: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
