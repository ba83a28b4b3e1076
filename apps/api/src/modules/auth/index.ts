/** The auth module's public surface: accounts, sessions, one-time codes, Google sign-in, login limits, routes. */
export { GoogleIdTokenVerifier } from './google';
export { LoginThrottle } from './login-throttle';
export { OneTimeCodeService } from './one-time-codes';
export { AUTH_LIMITS, createAuthRateLimits } from './rate-limits';
export { authRoutes } from './routes';
export { loadSigningSecret } from './secret';
export { AuthService } from './service';
export { SessionService, type SessionClaims } from './sessions';
export { hashPassword, verifyPassword } from './passwords';
