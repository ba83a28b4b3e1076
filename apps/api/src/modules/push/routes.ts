/**
 * Push notifications through HTTP (docs/behaviour.md "Push notifications"): every route needs
 * a shopper's session (401 first, then validation); a device is only ever the shopper's own
 * (someone else's answers 404).
 */
import {
  envelope,
  messageEnvelopeSchema,
  PUSH_MESSAGES,
  pushPreferencesSchema,
  pushPublicKeySchema,
  pushSubscribeBodySchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { PushService } from './service';

const tags = ['push'];
const errors = errorResponses(400, 401, 403, 404, 409);
const idParams = z.object({ id: z.string().max(100) });

export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  app.get(
    '/push/public-key',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the store sends push, and the VAPID public key to subscribe with',
        response: { 200: envelope(pushPublicKeySchema), ...errors },
      },
    },
    async () => ok(push.publicKey()),
  );

  app.get(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The shopper's devices signed up for push",
        response: { 200: envelope(pushSubscriptionListSchema), ...errors },
      },
    },
    async (request) => ok({ subscriptions: await push.list(principalOf(request).userId) }),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Store or refresh this browser's push subscription (its PushSubscription.toJSON())",
        body: pushSubscribeBodySchema,
        response: { 200: envelope(z.object({ subscription: pushSubscriptionSchema })), ...errors },
      },
    },
    async (request) => {
      const userAgent = request.headers['user-agent'];
      const subscription = await push.subscribe(principalOf(request).userId, request.body, userAgent);
      return ok({ subscription }, PUSH_MESSAGES.subscribed);
    },
  );

  app.get(
    '/push/subscriptions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "One of the shopper's devices",
        params: idParams,
        response: { 200: envelope(z.object({ subscription: pushSubscriptionSchema })), ...errors },
      },
    },
    async (request) => ok({ subscription: await push.get(principalOf(request).userId, request.params.id) }),
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Stop push to one of the shopper’s devices',
        params: idParams,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await push.remove(principalOf(request).userId, request.params.id);
      return done(PUSH_MESSAGES.unsubscribed);
    },
  );

  app.get(
    '/push/preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The kinds of push the shopper wants',
        response: { 200: envelope(pushPreferencesSchema), ...errors },
      },
    },
    async (request) => ok(await push.preferences(principalOf(request).userId)),
  );

  app.put(
    '/push/preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Choose the kinds of push: back in stock, price drop, order updates',
        body: pushPreferencesSchema,
        response: { 200: envelope(pushPreferencesSchema), ...errors },
      },
    },
    async (request) =>
      ok(await push.setPreferences(principalOf(request).userId, request.body), PUSH_MESSAGES.preferencesSaved),
  );
};
