/**
 * Verifies Google ID tokens (the credential of Google sign-in and one-tap): signature
 * against Google's JWKS, audience = GOOGLE_CLIENT_ID, issuer accounts.google.com, expiry,
 * and a verified email. The JWKS URL is configurable so tests serve their own keys.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { ServiceUnavailableError, UnauthorizedError } from '../../lib/errors';

const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export type GoogleIdentity = { sub: string; email: string; name: string | undefined };

export class GoogleIdTokenVerifier {
  private readonly jwks: JWTVerifyGetKey;

  constructor(
    private readonly options: { clientId: string | undefined; jwksUrl: string },
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  }

  /**
   * The identity in a valid token. Throws ServiceUnavailableError when Google sign-in is not
   * configured, UnauthorizedError with a precise message for an expired token or an
   * unverified email, and 'Failed to log in with Google.' for anything else.
   */
  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.options.clientId) throw new ServiceUnavailableError(AUTH_MESSAGES.googleNotConfigured);
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, this.jwks, {
        audience: this.options.clientId,
        issuer: ISSUERS,
        algorithms: ['RS256'],
      }));
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new UnauthorizedError(AUTH_MESSAGES.googleExpired);
      if (!(err instanceof errors.JOSEError) || err instanceof errors.JWKSTimeout) {
        this.log.warn({ err }, 'Google keys could not be read');
      }
      throw new UnauthorizedError(AUTH_MESSAGES.googleRejected);
    }
    const {
      sub,
      email,
      email_verified: emailVerified,
      name,
    } = payload as {
      sub?: string;
      email?: string;
      email_verified?: boolean;
      name?: string;
    };
    if (!sub || !email) throw new UnauthorizedError(AUTH_MESSAGES.googleRejected);
    if (emailVerified !== true) throw new UnauthorizedError(AUTH_MESSAGES.googleEmailUnverified);
    return { sub, email: email.toLowerCase(), name: name?.trim() || undefined };
  }
}
