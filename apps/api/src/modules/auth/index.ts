/** The auth module's public surface: accounts, sessions, one-time codes, Google and phone sign-in, login limits and device cookies, routes. */
export { DeviceCookies, SHOPPER_DEVICE_COOKIE, STAFF_DEVICE_COOKIE } from './device-cookie';
export { GoogleIdTokenVerifier } from './google';
export { LoginThrottle, type LoginClient } from './login-throttle';
export { OneTimeCodeService } from './one-time-codes';
export { PhoneAuthService } from './phone';
export { PhoneCodeService } from './phone-codes';
export { AUTH_LIMITS, createAuthRateLimits } from './rate-limits';
export { authRoutes } from './routes';
export { loadSigningSecret } from './secret';
export { authJobs, ACCOUNT_CLAIMED_MAIL_JOB } from './jobs';
export { AuthService } from './service';
export { SessionService, type SessionClaims } from './sessions';
export { hashPassword, verifyPassword } from './passwords';
export { clearSessionCookie, type SessionCookieOptions } from './cookie';
export { createAuthModule } from './module';
