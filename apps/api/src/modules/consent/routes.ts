/**
 * Consent and the nominee through HTTP (docs/behaviour.md "Consent and the privacy notice"): the
 * signed-in shopper's own records only (a session needed: 401 first, then validation; a cookie
 * write from another origin is refused by the Origin check of plugins/authenticate.ts).
 */
import {
  CONSENT_MESSAGES,
  CONSENT_PATHS,
  consentChangeBodySchema,
  consentPurposeParamsSchema,
  consentRecordSchema,
  consentsSchema,
  envelope,
  messageEnvelopeSchema,
  nomineeBodySchema,
  nomineeSchema,
  type OptionalConsentPurpose,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { NomineeService } from './nominees';
import type { ConsentService } from './service';

const tags = ['account'];

/** How each optional purpose is given or withdrawn by the module acting on it (which records the consent). */
export type PurposeHandlers = Record<OptionalConsentPurpose, (userId: string, given: boolean) => Promise<void>>;

export const consentRoutes: FastifyPluginAsyncZod<{
  consent: ConsentService;
  nominees: NomineeService;
  purposes: PurposeHandlers;
}> = async (app, { consent, nominees, purposes }) => {
  app.get(
    CONSENT_PATHS.consents,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The shopper’s consents: each purpose’s current state and every record, newest first',
        response: { 200: envelope(consentsSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(await consent.list(principalOf(request).userId)),
  );

  app.post(
    `${CONSENT_PATHS.consents}/:purpose`,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Give (given: true) or withdraw (given: false) an optional purpose: cart_reminders, whatsapp_updates, price_alerts',
        params: consentPurposeParamsSchema,
        body: consentChangeBodySchema,
        response: { 200: envelope(consentRecordSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      const { purpose } = request.params;
      await purposes[purpose](userId, request.body.given);
      const record = await consent.latest(userId, purpose);
      return ok(record!, request.body.given ? CONSENT_MESSAGES.given : CONSENT_MESSAGES.withdrawn);
    },
  );

  app.get(
    CONSENT_PATHS.nominee,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The nominee the shopper named (404 when none)',
        response: { 200: envelope(nomineeSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ok(await nominees.get(principalOf(request).userId)),
  );

  app.put(
    CONSENT_PATHS.nominee,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Name (or replace) the shopper’s nominee: name, relationship, and an email or a mobile number',
        body: nomineeBodySchema,
        response: { 200: envelope(nomineeSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await nominees.put(principalOf(request).userId, request.body), CONSENT_MESSAGES.nomineeSaved),
  );

  app.delete(
    CONSENT_PATHS.nominee,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Remove the shopper’s nominee',
        response: { 200: messageEnvelopeSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await nominees.remove(principalOf(request).userId);
      return done(CONSENT_MESSAGES.nomineeRemoved);
    },
  );
};
