/**
 * The unsubscribe link of the cart reminders (docs/behaviour.md "Cart reminders"): a JWT (HS256,
 * jose) signed with the server's secret (auth/secret.ts), naming the user and its purpose, so it
 * works without a login. Its own audience keeps a session token or an alerts link from passing
 * for one, and one from passing for either.
 */
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '../../lib/ids';

const ISSUER = 'vastra';
const AUDIENCE = 'vastra-cart-reminders';
const PURPOSE = 'cart-reminders-unsubscribe';
/** How long a mailed link works, in days: a shopper may act on a mail weeks later. */
const VALID_DAYS = 90;

export class ReminderUnsubscribeTokens {
  constructor(private readonly secret: Uint8Array) {}

  /** A signed token that lets its holder stop `userId`'s cart reminders. */
  async sign(userId: string, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({ purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + VALID_DAYS * 86_400)
      .sign(this.secret);
  }

  /** The user a token names, or null when it is forged, altered, expired or for another purpose. */
  async userOf(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (payload.purpose !== PURPOSE || !payload.sub || !isUuid(payload.sub)) return null;
      return payload.sub;
    } catch {
      return null;
    }
  }
}
