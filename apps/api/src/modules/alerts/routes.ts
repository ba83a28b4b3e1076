/**
 * Alerts through HTTP (docs/shopper-features.md "Alerts"): "Notify me" needs a session (401
 * first, then validation); the unsubscribe link needs none, its signed token is the proof. Its
 * GET only reads, so a mail scanner opening the link changes nothing: the storefront page POSTs.
 */
import {
  ALERTS_MESSAGES,
  envelope,
  messageEnvelopeSchema,
  stockAlertBodySchema,
  stockAlertListSchema,
  stockAlertSchema,
  unsubscribeQuerySchema,
  unsubscribeStatusSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { AlertsService } from './service';

const tags = ['alerts'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  app.get(
    '/alerts/stock',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "The shopper's open back-in-stock requests",
        response: { 200: envelope(stockAlertListSchema), ...errors },
      },
    },
    async (request) => ok({ alerts: await alerts.open(principalOf(request).userId) }),
  );

  app.post(
    '/alerts/stock',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Ask to be mailed when a sold-out size is back (idempotent; 409 for a size in stock)',
        body: stockAlertBodySchema,
        response: {
          200: envelope(z.object({ alert: stockAlertSchema })),
          201: envelope(z.object({ alert: stockAlertSchema })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { alert, created } = await alerts.request(principalOf(request).userId, request.body.variantId);
      reply.code(created ? 201 : 200);
      return ok({ alert }, created ? ALERTS_MESSAGES.requested : ALERTS_MESSAGES.alreadyRequested);
    },
  );

  app.delete(
    '/alerts/stock/:variantId',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Withdraw a back-in-stock request',
        params: z.object({ variantId: z.string().max(100) }),
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await alerts.cancel(principalOf(request).userId, request.params.variantId);
      return done(ALERTS_MESSAGES.cancelled);
    },
  );

  app.get(
    '/alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Whose alert mails a signed link stops, and whether it has (no login; changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: envelope(unsubscribeStatusSchema), ...errorResponses(400) },
      },
    },
    async (request) => ok(await alerts.unsubscribeStatus(request.query.token)),
  );

  app.post(
    '/alerts/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop the alert mails of the user a signed link names (no login)',
        querystring: unsubscribeQuerySchema,
        response: { 200: envelope(unsubscribeStatusSchema), ...errorResponses(400) },
      },
    },
    async (request) => ok(await alerts.unsubscribe(request.query.token), ALERTS_MESSAGES.unsubscribed),
  );
};
