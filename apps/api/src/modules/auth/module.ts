/**
 * The auth module's factory (lib/module.ts): shopper sessions, sign-in by password, one-time
 * code or Google, and its mail job. The app authenticates every request with `sessions`
 * (plugins/authenticate.ts) before any module's routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { UsersService } from '../users';
import { DeviceCookies, SHOPPER_DEVICE_COOKIE } from './device-cookie';
import { GoogleIdTokenVerifier } from './google';
import { authJobs } from './jobs';
import { LoginThrottle } from './login-throttle';
import { OneTimeCodeService } from './one-time-codes';
import { createAuthRateLimits } from './rate-limits';
import { authRoutes } from './routes';
import { AuthService } from './service';
import { SessionService } from './sessions';

export function createAuthModule(deps: {
  db: Db;
  secret: Uint8Array;
  redis: Redis | undefined;
  users: UsersService;
  mailer: Mailer;
  jobs: Jobs;
  log: FastifyBaseLogger;
  sessionTtlMs: number;
  google: { clientId: string | undefined; jwksUrl: string };
  registerPerHour: number;
  secureCookies: boolean;
  sessionCookieDomain: string | undefined;
}): { sessions: SessionService; auth: AuthService; module: ApiModule } {
  const { db, secret, log } = deps;
  const sessions = new SessionService(db, secret, deps.sessionTtlMs);
  const auth = new AuthService({
    db,
    users: deps.users,
    sessions,
    codes: new OneTimeCodeService(db, secret),
    mailer: deps.mailer,
    google: new GoogleIdTokenVerifier(deps.google, log),
    loginThrottle: new LoginThrottle(deps.redis, 'shopper'),
    jobs: deps.jobs,
    log,
  });
  return {
    sessions,
    auth,
    module: {
      name: 'auth',
      jobs: authJobs(auth),
      routes: async (app) => {
        await app.register(authRoutes, {
          auth,
          limits: createAuthRateLimits(app, { registerPerHour: deps.registerPerHour }),
          devices: new DeviceCookies(secret, SHOPPER_DEVICE_COOKIE, deps.secureCookies),
          sessionCookie: { secure: deps.secureCookies, domain: deps.sessionCookieDomain },
        });
      },
    },
  };
}
