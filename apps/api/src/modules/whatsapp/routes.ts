/**
 * WhatsApp updates through HTTP (docs/behaviour.md "WhatsApp updates", "COD confirmation"):
 * the shopper's opt-in (a session needed: 401 first, then validation); the confirmation of a
 * held cash on delivery order by its signed link (public: the token is the proof); and Meta's
 * webhook, whose verification request must carry the verify token and whose posts must carry
 * X-Hub-Signature-256 of the raw body (checked before the body is validated or read).
 */
import {
  codConfirmBodySchema,
  codConfirmResultSchema,
  envelope,
  messageEnvelopeSchema,
  WHATSAPP_MESSAGES,
  WHATSAPP_PATHS,
  whatsappOptInBodySchema,
  whatsappOptInSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { done, errorResponses, keepRawJsonBodies, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { WhatsappService } from './service';
import { isValidHubSignature, whatsappWebhookSchema } from './webhook';

const tags = ['whatsapp'];

export const whatsappRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsappService; appSecret: string | null }> = async (
  app,
  { whatsapp, appSecret },
) => {
  app.get(
    WHATSAPP_PATHS.optIn,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the shopper gets order updates on WhatsApp, and on which number',
        response: { 200: envelope(whatsappOptInSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await whatsapp.optIn(principalOf(request).userId)),
  );

  app.put(
    WHATSAPP_PATHS.optIn,
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn order updates on WhatsApp on (with the number) or off',
        body: whatsappOptInBodySchema,
        response: { 200: envelope(whatsappOptInSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const saved = await whatsapp.setOptIn(principalOf(request).userId, request.body);
      return ok(saved, saved.optedIn ? WHATSAPP_MESSAGES.optedIn : WHATSAPP_MESSAGES.optedOut);
    },
  );

  app.post(
    WHATSAPP_PATHS.codConfirm,
    {
      schema: {
        tags,
        summary: 'Confirm a cash on delivery order held for confirmation, by the token of its link (no login)',
        body: codConfirmBodySchema,
        response: { 200: envelope(codConfirmResultSchema), ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const result = await whatsapp.confirmByToken(request.body.token);
      return ok(
        result,
        result.alreadyConfirmed ? WHATSAPP_MESSAGES.codAlreadyConfirmed : WHATSAPP_MESSAGES.codConfirmed,
      );
    },
  );

  app.get(
    WHATSAPP_PATHS.webhook,
    {
      schema: {
        tags,
        summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token matches",
        querystring: z.object({
          'hub.mode': z.string().max(40),
          'hub.verify_token': z.string().max(500),
          'hub.challenge': z.string().max(500),
        }),
        response: { 200: z.string(), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const challenge = whatsapp.verifyHandshake(q['hub.mode'], q['hub.verify_token'], q['hub.challenge']);
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  // The signature covers the body as sent, so this route keeps it raw beside the parsed JSON.
  await app.register(async (scope) => {
    const hooks = scope.withTypeProvider<ZodTypeProvider>();
    const rawBody = keepRawJsonBodies(scope, 1024 * 1024);
    hooks.post(
      WHATSAPP_PATHS.webhook,
      {
        // Before the body is validated: an unsigned caller learns nothing and changes nothing.
        preValidation: async (request) => {
          const signature = request.headers['x-hub-signature-256'];
          const raw = rawBody(request);
          if (!isValidHubSignature(raw, typeof signature === 'string' ? signature : undefined, appSecret)) {
            throw new UnauthorizedError(WHATSAPP_MESSAGES.signatureInvalid);
          }
        },
        schema: {
          tags,
          summary:
            "Meta's webhook: message statuses and shoppers' replies; X-Hub-Signature-256 = HMAC-SHA256 of the raw body with the app secret",
          body: whatsappWebhookSchema,
          response: { 200: messageEnvelopeSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        await whatsapp.handleWebhook(request.body);
        return done('Received.');
      },
    );
  });
};
