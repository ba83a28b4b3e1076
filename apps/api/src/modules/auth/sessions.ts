/**
 * Sessions: a login is a row in `sessions` and a signed JWT (HS256, jose) naming it. A token
 * is valid while its signature, expiry and row all are, so logout and a password change
 * revoke tokens that have not expired yet.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { UnauthorizedError } from '../../lib/errors';
import { sessions } from './tables';

const ISSUER = 'vastra';
const AUDIENCE = 'vastra-storefront';

export type SessionMeta = { userAgent?: string; ip?: string };
export type IssuedSession = { token: string; sessionId: string; expiresAt: Date };
/** Who a valid token belongs to. */
export type SessionClaims = { userId: string; sessionId: string };

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
    /** Lifetime of a session, in ms. */
    readonly ttlMs: number,
  ) {}

  /** Opens a session for the user (in the transaction `db` when given) and signs its token. */
  async create(userId: string, meta: SessionMeta = {}, db: Db = this.db): Promise<IssuedSession> {
    const expiresAt = new Date(Date.now() + this.ttlMs);
    const [row] = await db
      .insert(sessions)
      .values({ userId, expiresAt, userAgent: meta.userAgent?.slice(0, 300), ip: meta.ip })
      .returning({ id: sessions.id });
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setJti(row!.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, sessionId: row!.id, expiresAt };
  }

  /**
   * Checks a token's signature, expiry and session row.
   * Throws UnauthorizedError('Session expired. Please login again.') for anything invalid.
   */
  async verify(token: string): Promise<SessionClaims> {
    let userId: string | undefined;
    let sessionId: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      userId = payload.sub;
      sessionId = payload.jti;
    } catch {
      throw new UnauthorizedError(AUTH_MESSAGES.sessionExpired);
    }
    if (!userId || !sessionId || !isUuid(sessionId)) throw new UnauthorizedError(AUTH_MESSAGES.sessionExpired);
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!row) throw new UnauthorizedError(AUTH_MESSAGES.sessionExpired);
    return { userId, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes every open session of the user, except `exceptSessionId` when given; `db` may be a transaction. */
  async revokeAll(userId: string, exceptSessionId?: string, db: Db = this.db): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      );
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
