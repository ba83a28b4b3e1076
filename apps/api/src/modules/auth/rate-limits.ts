/**
 * Rate limits of the account endpoints (@fastify/rate-limit counters, in Redis when
 * REDIS_URL is set so every API instance shares them, else in memory). Each endpoint is
 * limited per client IP and, where the body names one, per email address, so neither one
 * address nor one machine can guess codes at speed. Password logins count failures instead
 * (LoginThrottle).
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLimitGuard, type Limit, type LimitGuard } from '../../plugins/rate-limit';

const MINUTE = 60_000;

/**
 * Limits per endpoint: `ip` per client address, `email` per account: the logged-in caller's
 * (verify-email and resend need the session, and act on the caller's email only), else the
 * address named in the body.
 */
export const AUTH_LIMITS = {
  register: { ip: { max: 10, timeWindow: 60 * MINUTE } },
  googleLogin: { ip: { max: 30, timeWindow: 15 * MINUTE } },
  verifyEmail: { ip: { max: 30, timeWindow: 15 * MINUTE }, email: { max: 15, timeWindow: 15 * MINUTE } },
  resendVerification: { ip: { max: 10, timeWindow: 60 * MINUTE }, email: { max: 5, timeWindow: 60 * MINUTE } },
  forgotPassword: { ip: { max: 10, timeWindow: 60 * MINUTE }, email: { max: 5, timeWindow: 60 * MINUTE } },
  resetPassword: { ip: { max: 30, timeWindow: 15 * MINUTE }, email: { max: 15, timeWindow: 15 * MINUTE } },
} satisfies Record<string, { ip: Limit; email?: Limit }>;

export type AuthLimitName = keyof typeof AUTH_LIMITS;

/**
 * The account a per-email limit counts. The caller's own, when logged in: a stranger naming
 * someone else's email would otherwise use up that person's tries.
 */
function accountKey(request: FastifyRequest): string | undefined {
  if (request.principal) return `user:${request.principal.userId}`;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
}

/**
 * Builds one preHandler per endpoint (plugins/rate-limit.ts guards). Needs @fastify/rate-limit
 * registered on `app` first. A request over a limit is a TooManyRequestsError (429) with
 * Retry-After. `registerPerHour` replaces the registrations allowed per IP an hour (config
 * AUTH_REGISTER_LIMIT_PER_HOUR: a store whose shoppers share one address, or a test stack,
 * may need more).
 */
export function createAuthRateLimits(
  app: FastifyInstance,
  opts: { registerPerHour?: number } = {},
): Record<AuthLimitName, LimitGuard> {
  const table: Record<AuthLimitName, { ip: Limit; email?: Limit }> = {
    ...AUTH_LIMITS,
    register: { ip: { ...AUTH_LIMITS.register.ip, max: opts.registerPerHour ?? AUTH_LIMITS.register.ip.max } },
  };
  const guards = {} as Record<AuthLimitName, LimitGuard>;
  for (const [name, limits] of Object.entries(table) as [AuthLimitName, { ip: Limit; email?: Limit }][]) {
    guards[name] = createLimitGuard(
      app,
      `auth:${name}`,
      { ip: limits.ip, account: limits.email },
      AUTH_MESSAGES.tooManyRequests,
      accountKey,
    );
  }
  return guards;
}
