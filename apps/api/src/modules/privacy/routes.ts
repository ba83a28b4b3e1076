/**
 * Data rights on the account page (docs/behaviour.md "Data rights: export, erasure, retention"):
 * every call needs a session (401); each answers about the caller only. Cookie-authenticated
 * writes must come from the storefront's origin (plugins/authenticate.ts).
 */
import {
  DATA_EXPORTS_PER_HOUR,
  PRIVACY_MESSAGES,
  erasureCodeTexted,
  dataExportQuerySchema,
  envelope,
  eraseAccountBodySchema,
  messageEnvelopeSchema,
  personalDataSummarySchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import { HOUR_MS, createLimitGuard } from '../../plugins/rate-limit';
import { clearSessionCookie, type SessionCookieOptions } from '../auth';
import type { PrivacyService } from './service';

const tags = ['account'];
const errors = errorResponses(400, 401, 403, 404, 409, 429);

export const privacyRoutes: FastifyPluginAsyncZod<{
  privacy: PrivacyService;
  storeName: () => Promise<string>;
  sessionCookie: SessionCookieOptions;
}> = async (app, { privacy, storeName, sessionCookie }) => {
  app.addHook('onRequest', app.requireUser);
  const exportLimit = createLimitGuard(
    app,
    'privacy:export',
    { account: { max: DATA_EXPORTS_PER_HOUR, timeWindow: HOUR_MS } },
    PRIVACY_MESSAGES.tooManyExports,
  );
  const eraseLimit = createLimitGuard(
    app,
    'privacy:erase',
    { account: { max: 10, timeWindow: HOUR_MS }, ip: { max: 30, timeWindow: HOUR_MS } },
    PRIVACY_MESSAGES.tooManyTries,
  );

  app.get(
    '/account/data',
    {
      schema: {
        tags,
        summary: 'What the store keeps about the caller: counts per kind, what closing the account does to each',
        response: { 200: envelope(personalDataSummarySchema), ...errors },
      },
    },
    async (request) => ok(await privacy.summary(principalOf(request).userId)),
  );

  app.get(
    '/account/data/export',
    {
      preHandler: exportLimit,
      schema: {
        tags,
        summary: "Download all the caller's personal data (JSON, or a printable HTML page), as an attachment",
        querystring: dataExportQuerySchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = principalOf(request);
      if (request.query.format === 'html') {
        const page = await privacy.exportPage(userId, await storeName());
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="my-data-${page.exportedAt.slice(0, 10)}.html"`)
          .send(page.html);
      }
      const data = await privacy.exportData(userId);
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/account/erase/code',
    {
      preHandler: eraseLimit,
      schema: {
        tags,
        summary:
          'Send a code that closes an account without a password: by email, or by SMS to the verified mobile number of an account without an email',
        // 503: the SMS could not go, or phone sign-in is off.
        response: { 200: messageEnvelopeSchema, ...errors, ...errorResponses(503) },
      },
    },
    async (request) => {
      const sent = await privacy.sendErasureCode(principalOf(request).userId, request.ip);
      return done(sent.to === 'sms' ? erasureCodeTexted(sent.phoneEnding) : PRIVACY_MESSAGES.codeSent);
    },
  );

  app.post(
    '/account/erase',
    {
      preHandler: eraseLimit,
      schema: {
        tags,
        summary:
          'Close the account and erase its personal data (password, or the emailed or texted code); orders are kept for GST',
        body: eraseAccountBodySchema,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      await privacy.eraseOnRequest(principalOf(request).userId, request.body);
      clearSessionCookie(reply, sessionCookie);
      return done(PRIVACY_MESSAGES.erased);
    },
  );
};
