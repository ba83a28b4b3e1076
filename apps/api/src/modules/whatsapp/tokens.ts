/**
 * The confirmation link of a held cash on delivery order (docs/behaviour.md "COD
 * confirmation"): a JWT (HS256, jose) signed with the server's secret, naming the order and its
 * purpose, so it works without a login. Its own audience keeps a session or an alerts token from
 * passing for one, and one from passing for them. It lasts as long as the order may wait.
 */
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from '../../lib/ids';

const ISSUER = 'vastra';
const AUDIENCE = 'vastra-cod-confirmation';
const PURPOSE = 'cod-confirm';

export class CodConfirmTokens {
  constructor(private readonly secret: Uint8Array) {}

  /** A signed token that lets its holder confirm order `orderId` until `expiresAt`. */
  async sign(orderId: string, expiresAt: Date, now = new Date()): Promise<string> {
    return new SignJWT({ purpose: PURPOSE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(orderId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000))
      .sign(this.secret);
  }

  /** The order a token names, or null when it is forged, altered, expired or for another purpose. */
  async orderOf(token: string): Promise<string | null> {
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
