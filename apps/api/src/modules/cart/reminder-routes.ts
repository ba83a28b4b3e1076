/**
 * Cart reminders through HTTP (docs/behaviour.md "Cart reminders"): the shopper's setting (a
 * session needed, 401 first, then validation), the unsubscribe link (no login: its signed token
 * is the proof; GET only reads, so a mail scanner opening the link changes nothing, the
 * storefront page POSTs), and the admin's figures (docs/admin.md "Dashboard").
 */
import {
  ADMIN_API_PREFIX,
  CART_REMINDERS_MESSAGES,
  cartReminderSettingSchema,
  cartReminderStatsSchema,
  cartReminderUnsubscribeQuerySchema,
  envelope,
  unsubscribeStatusSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { CartReminders } from './reminders';

const tags = ['cart'];

export const cartReminderRoutes: FastifyPluginAsyncZod<{ reminders: CartReminders }> = async (app, { reminders }) => {
  app.get(
    '/cart-reminders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether the shopper gets cart reminders by email',
        response: { 200: envelope(cartReminderSettingSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(await reminders.setting(principalOf(request).userId)),
  );

  app.put(
    '/cart-reminders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Turn the shopper’s cart reminders on or off',
        body: cartReminderSettingSchema,
        response: { 200: envelope(cartReminderSettingSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const setting = await reminders.setEnabled(principalOf(request).userId, request.body.enabled);
      return ok(setting, setting.enabled ? CART_REMINDERS_MESSAGES.enabled : CART_REMINDERS_MESSAGES.disabled);
    },
  );

  app.get(
    '/cart-reminders/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Whose cart reminders a signed link stops, and whether it has (no login; changes nothing)',
        querystring: cartReminderUnsubscribeQuerySchema,
        response: { 200: envelope(unsubscribeStatusSchema), ...errorResponses(400) },
      },
    },
    async (request) => ok(await reminders.unsubscribeStatus(request.query.token)),
  );

  app.post(
    '/cart-reminders/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Stop the cart reminders of the user a signed link names (no login)',
        querystring: cartReminderUnsubscribeQuerySchema,
        response: { 200: envelope(unsubscribeStatusSchema), ...errorResponses(400) },
      },
    },
    async (request) => ok(await reminders.unsubscribe(request.query.token), CART_REMINDERS_MESSAGES.unsubscribed),
  );

  app.get(
    `${ADMIN_API_PREFIX}/stats/cart-reminders`,
    {
      onRequest: app.requireStaff('dashboard.read'),
      schema: {
        tags: ['admin'],
        summary: 'Cart reminders sent in the last 30 days, and the reminded carts ordered from within 7 days',
        response: { 200: envelope(cartReminderStatsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await reminders.stats()),
  );
};
