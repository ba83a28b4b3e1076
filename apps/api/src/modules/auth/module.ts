/**
 * The auth module's factory (lib/module.ts): shopper sessions, sign-in by password, one-time
 * code, Google or a code texted to a mobile number, and its mail job. The app authenticates every request with `sessions`
 * (plugins/authenticate.ts) before any module's routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { SmsService } from '../sms';
import type { UsersService } from '../users';
import { DeviceCookies, SHOPPER_DEVICE_COOKIE } from './device-cookie';
import { GoogleIdTokenVerifier } from './google';
import { authJobs } from './jobs';
import { LoginThrottle } from './login-throttle';
import { OneTimeCodeService } from './one-time-codes';
import { PhoneAuthService } from './phone';
import type { ConsentService } from '../consent';
import { PhoneCodeService } from './phone-codes';
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
  /** Texts the sign-in codes, under its limits (modules/sms). */
  sms: Pick<SmsService, 'reserve' | 'sendOtp'>;
  /** Config PHONE_SIGN_IN. */
  phoneSignIn: boolean;
  /** The consent record: a new account took the sign-up notice (`account`), and what it ticked. */
  consent: Pick<ConsentService, 'record'>;
}): { sessions: SessionService; auth: AuthService; phone: PhoneAuthService; module: ApiModule } {
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
    consent: deps.consent,
  });
  const phone = new PhoneAuthService({
    users: deps.users,
    consent: deps.consent,
    sessions,
    codes: new PhoneCodeService(db, secret),
    sms: deps.sms,
    log,
    enabled: deps.phoneSignIn,
  });
  return {
    sessions,
    auth,
    phone,
    module: {
      name: 'auth',
      jobs: authJobs(auth),
      routes: async (app) => {
        await app.register(authRoutes, {
          auth,
          phone,
          limits: createAuthRateLimits(app, { registerPerHour: deps.registerPerHour }),
          devices: new DeviceCookies(secret, SHOPPER_DEVICE_COOKIE, deps.secureCookies),
          sessionCookie: { secure: deps.secureCookies, domain: deps.sessionCookieDomain },
        });
      },
    },
  };
}
