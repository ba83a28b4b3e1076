/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/behaviour.md §15, docs/admin.md "Sign-in limits"): a browser that logs in to an account gets a cookie
 * naming the account and a random device id, signed (HS256 JWT, jose) with the server secret.
 * A later login to that account showing it is counted against that device alone
 * (LoginThrottle), so the owner's browser is never locked out by strangers' guesses. Each
 * success issues a fresh one. The cookie names the account by its SHA-256, not the email.
 */
import { createHash, randomUUID } from 'node:crypto';
import { ADMIN_API_PREFIX } from '@vastra/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { loginAccount } from './login-throttle';

/** Which device cookie: its name, the one path it is sent to (the login route), and its JWT audience. */
export type DeviceCookieKind = { name: string; path: string; audience: string };

/** The shopper's device cookie, sent only to POST /auth/login. */
export const SHOPPER_DEVICE_COOKIE: DeviceCookieKind = {
  name: 'vastra_device',
  path: '/auth/login',
  audience: 'vastra-device',
};

/** The staff device cookie, sent only to the admin sign-in; apart from the shopper's, so neither stands for the other. */
export const STAFF_DEVICE_COOKIE: DeviceCookieKind = {
  name: 'vastra_admin_device',
  path: `${ADMIN_API_PREFIX}/auth/login`,
  audience: 'vastra-admin-device',
};

/** How long a device stays known after its last successful login: 365 days, in seconds. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const ISSUER = 'vastra';

const accountDigest = (email: string) => createHash('sha256').update(loginAccount(email)).digest('base64url');

export class DeviceCookies {
  constructor(
    private readonly secret: Uint8Array,
    private readonly kind: DeviceCookieKind,
    /** Secure flag: true when the API is served over https (config.secureCookies). */
    private readonly secure: boolean,
  ) {}

  /**
   * The device id of the request's device cookie when it is validly signed, unexpired, of this
   * kind and names the account of `email`; null otherwise (none, forged, another account's).
   */
  async deviceOf(request: FastifyRequest, email: string): Promise<string | null> {
    const token = request.cookies[this.kind.name];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: this.kind.audience,
        subject: accountDigest(email),
        algorithms: ['HS256'],
      });
      return typeof payload.jti === 'string' && payload.jti ? payload.jti : null;
    } catch {
      return null;
    }
  }

  /** Sets a fresh device cookie for the account of `email` (httpOnly, SameSite=Strict, Secure over https). */
  async issue(reply: FastifyReply, email: string): Promise<void> {
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(this.kind.audience)
      .setSubject(accountDigest(email))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${DEVICE_COOKIE_MAX_AGE_S}s`)
      .sign(this.secret);
    reply.setCookie(this.kind.name, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: this.kind.path,
      maxAge: DEVICE_COOKIE_MAX_AGE_S,
    });
  }
}
