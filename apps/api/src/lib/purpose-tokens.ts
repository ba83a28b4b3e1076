/**
 * Signed links that work without a login (an unsubscribe link, a cash on delivery confirmation):
 * a JWT (HS256, jose) signed with the server's secret (auth/secret.ts), naming its subject (a user
 * or an order) and its purpose. Each kind of link has its own audience and purpose, so a session
 * token or another kind's link never passes for one, and one never passes for them.
 */
import { SignJWT, jwtVerify } from 'jose';
import { isUuid } from './ids';

const ISSUER = 'vastra';

/** One kind of link: its audience and its purpose claim. */
export type TokenKind = { audience: string; purpose: string };

export class PurposeTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly kind: TokenKind,
  ) {}

  /** A signed token for `subject` (a UUID) that works until `expiresAt`. */
  async sign(subject: string, expiresAt: Date, now = new Date()): Promise<string> {
    return new SignJWT({ purpose: this.kind.purpose })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(this.kind.audience)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.ceil(expiresAt.getTime() / 1000))
      .sign(this.secret);
  }

  /** The subject a token names, or null when it is forged, altered, expired or of another kind. */
  async subjectOf(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: this.kind.audience,
        algorithms: ['HS256'],
      });
      if (payload.purpose !== this.kind.purpose || !payload.sub || !isUuid(payload.sub)) return null;
      return payload.sub;
    } catch {
      return null;
    }
  }
}
