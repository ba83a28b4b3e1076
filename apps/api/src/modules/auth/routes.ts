/**
 * Account routes (behaviour.md §7 Auth): thin HTTP over AuthService. Logins answer the token in
 * `data.token` and as the `auth_token` cookie; a password login also renews the browser's
 * device cookie (behaviour.md §15); every route declares request and response
 * schemas, and the response schemas carry only the public user. Verifying an email needs the
 * session (bearer or cookie), checked before the body.
 */
import {
  AUTH_MESSAGES,
  authResultSchema,
  changePasswordBodySchema,
  emailBodySchema,
  envelope,
  googleLoginBodySchema,
  loginBodySchema,
  messageEnvelopeSchema,
  phoneBodySchema,
  phoneCodeBodySchema,
  phoneSignInBodySchema,
  phoneSignInResultSchema,
  registerBodySchema,
  registerResultSchema,
  resetPasswordBodySchema,
  userSchema,
  verifyEmailBodySchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import { clearSessionCookie, setSessionCookie, type SessionCookieOptions } from './cookie';
import type { DeviceCookies } from './device-cookie';
import type { PhoneAuthService } from './phone';
import type { AuthLimitName } from './rate-limits';
import type { AuthService } from './service';
import type { SessionMeta } from './sessions';

export type AuthRoutesOptions = {
  auth: AuthService;
  phone: PhoneAuthService;
  limits: Record<AuthLimitName, (request: FastifyRequest) => Promise<void>>;
  /** The shopper's device cookie (SHOPPER_DEVICE_COOKIE), issued at each password login. */
  devices: DeviceCookies;
  sessionCookie: SessionCookieOptions;
};

const errors = errorResponses(400, 401, 403, 409, 429, 503);

function sessionMeta(request: FastifyRequest): SessionMeta {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, phone, limits, devices, sessionCookie },
) => {
  const tags = ['auth'];

  app.post(
    '/auth/register',
    {
      preHandler: limits.register,
      schema: {
        tags,
        summary: 'Create an account; mails a 6-digit code to verify the email and logs the user in',
        body: registerBodySchema,
        response: { 201: envelope(registerResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { outcome, result } = await auth.register(request.body, sessionMeta(request));
      setSessionCookie(reply, outcome.session, sessionCookie);
      await devices.issue(reply, request.body.email);
      return reply.status(201).send(ok(result, AUTH_MESSAGES.registered));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password',
        body: loginBodySchema,
        response: { 200: envelope(authResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const device = await devices.deviceOf(request, request.body.email);
      const { result, session } = await auth.login(request.body, sessionMeta(request), device);
      setSessionCookie(reply, session, sessionCookie);
      await devices.issue(reply, request.body.email);
      return ok(result, AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    '/auth/google-login',
    {
      preHandler: limits.googleLogin,
      schema: {
        tags,
        summary: 'Log in with a Google ID token (sign-in button or one-tap); creates or links the account',
        body: googleLoginBodySchema,
        response: { 200: envelope(authResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { result, session } = await auth.googleLogin(request.body.token, sessionMeta(request));
      setSessionCookie(reply, session, sessionCookie);
      // The browser that signed in is the account's own, for the password's ceiling too.
      if (result.user.email) await devices.issue(reply, result.user.email);
      return ok(result, AUTH_MESSAGES.googleSuccess);
    },
  );

  app.post(
    '/auth/phone/start',
    {
      schema: {
        tags,
        summary:
          'Text a 6-digit sign-in code to a +91 mobile number; the same answer whether or not the number has an account',
        body: phoneBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await phone.startSignIn(request.body.phone, request.ip);
      return done(AUTH_MESSAGES.phoneCodeSent);
    },
  );

  app.post(
    '/auth/phone/sign-in',
    {
      schema: {
        tags,
        summary:
          'Sign in with the texted code (10 minutes, 5 tries); makes an account when the number has none (`created`)',
        body: phoneSignInBodySchema,
        response: { 200: envelope(phoneSignInResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { outcome, created } = await phone.signIn(request.body, sessionMeta(request));
      setSessionCookie(reply, outcome.session, sessionCookie);
      return ok({ ...outcome.result, created }, AUTH_MESSAGES.phoneSignedIn);
    },
  );

  app.post(
    '/auth/phone/change',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Text a code to the number the caller wants as their account's",
        body: phoneBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await phone.startChange(principalOf(request).userId, request.body.phone, request.ip);
      return done(AUTH_MESSAGES.phoneCodeSent);
    },
  );

  app.post(
    '/auth/phone/change/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Make the number the caller's verified one with the texted code",
        body: phoneCodeBodySchema,
        response: { 200: envelope(z.object({ user: userSchema })), ...errors },
      },
    },
    async (request) => {
      const user = await phone.confirmChange(principalOf(request).userId, request.body);
      return ok({ user }, AUTH_MESSAGES.phoneVerified);
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.identifyUser,
      schema: {
        tags,
        summary: 'Revoke the session and clear the cookie',
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.principal) await auth.logout(request.principal.sessionId);
      clearSessionCookie(reply, sessionCookie);
      return done(AUTH_MESSAGES.loggedOut);
    },
  );

  app.post(
    '/auth/reset-password-secure',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Change the password (current one required); revokes the user's other sessions",
        body: changePasswordBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body);
      return done(AUTH_MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      onRequest: app.requireUser,
      preHandler: limits.verifyEmail,
      schema: {
        tags,
        summary: "Verify the caller's email with the 6-digit code (10 minutes, 5 tries)",
        body: verifyEmailBodySchema,
        response: { 200: envelope(z.object({ user: userSchema })), ...errors },
      },
    },
    async (request) => {
      const { user, alreadyVerified } = await auth.verifyEmail(principalOf(request).userId, request.body);
      return ok({ user }, alreadyVerified ? AUTH_MESSAGES.alreadyVerified : AUTH_MESSAGES.emailVerified);
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      onRequest: app.requireUser,
      preHandler: limits.resendVerification,
      schema: {
        tags,
        summary: 'Mail the caller a new verification code (at most one a minute)',
        body: emailBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resendVerification(principalOf(request).userId, request.body.email);
      return done(AUTH_MESSAGES.verificationSent);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      preHandler: limits.forgotPassword,
      schema: {
        tags,
        summary: 'Mail a password reset code; answers at once, the same whether or not the account exists',
        body: emailBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      auth.forgotPassword(request.body.email);
      return done(AUTH_MESSAGES.resetCodeSent);
    },
  );

  app.post(
    '/auth/reset-password',
    {
      preHandler: limits.resetPassword,
      schema: {
        tags,
        summary: 'Set a new password with the mailed reset code; logs out every session',
        body: resetPasswordBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body);
      return done(AUTH_MESSAGES.passwordReset);
    },
  );
};
