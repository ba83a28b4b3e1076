/**
 * Orders (behaviour.md §7 Orders): place an order, read it, its payment status and its confirmation, and
 * the shopper's list. Every call needs a session; someone else's order answers 404. Placing
 * is rate limited per account and per client address (an order holds stock), and the coupon
 * and gift card codes it carries count as code lookups (coupons module).
 */
import {
  ORDER_MESSAGES,
  cancelOrderBodySchema,
  checkoutOptionsSchema,
  createOrderBodySchema,
  envelope,
  idempotencyKeySchema,
  messageEnvelopeSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  paymentStatusResultSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { isUuid } from '../../lib/ids';
import { NotFoundError } from '../../lib/errors';
import { HOUR_MS, createLimitGuard, type LimitGuard } from '../../plugins/rate-limit';
import { paiseToRupees } from '../../lib/money';
import { principalOf } from '../../plugins/authenticate';
import type { OrdersService } from './service';

const tags = ['orders'];
const errors = errorResponses(400, 401, 403, 404, 409, 503);
const orderParams = z.object({ id: z.string() });

/** A malformed id can't be anyone's order: the same 404 as someone else's. */
function orderId(id: string): string {
  if (!isUuid(id)) throw new NotFoundError(ORDER_MESSAGES.notFound);
  return id;
}

export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  options: {
    codEnabled: boolean;
    codMaxPaise: number;
    pricesIncludeGst: boolean;
    storeState: string;
    paymentTimeoutMs: number;
  };
  /** Order attempts (POST /orders) allowed an hour per account and per client address. */
  attemptsPerHour: { account: number; address: number };
  /** Counts one coupon or gift card code lookup (the coupons module's shared budget). */
  codeLookups: LimitGuard;
}> = async (app, { orders, options, attemptsPerHour, codeLookups }) => {
  app.addHook('onRequest', app.requireUser);

  const attempts = createLimitGuard(
    app,
    'orders:create',
    {
      account: { max: attemptsPerHour.account, timeWindow: HOUR_MS },
      ip: { max: attemptsPerHour.address, timeWindow: HOUR_MS },
    },
    ORDER_MESSAGES.tooManyAttempts,
  );
  const codesSent: LimitGuard = async (request) => {
    const body = request.body as { coupon?: string | null; additionalCoupon?: string | null };
    if (body.coupon?.trim() || body.additionalCoupon?.trim()) await codeLookups(request);
  };

  app.get(
    '/orders/checkout-options',
    {
      schema: {
        tags,
        summary: 'What checkout offers now: payment methods, the cash-on-delivery limit, how GST is shown',
        response: { 200: envelope(checkoutOptionsSchema), ...errors },
      },
    },
    async () => {
      const payment = await orders.paymentOptions();
      return ok({
        paymentMethods: payment.methods,
        codMaxAmount: payment.codMaxPaise === null ? null : paiseToRupees(payment.codMaxPaise),
        pricesIncludeTax: options.pricesIncludeGst,
        storeState: options.storeState,
        paymentTimeoutMinutes: Math.round(options.paymentTimeoutMs / 60_000),
      });
    },
  );

  app.post(
    '/orders',
    {
      // After requireUser (the plugin's hook), so attempts count per account too, and before the
      // body is validated, so every attempt counts; the codes it carries once it is read.
      onRequest: attempts,
      preHandler: codesSent,
      schema: {
        tags,
        summary: 'Place an order from the given items (or the cart); prices, discounts and GST are worked out here',
        description:
          'Send an Idempotency-Key header (8–100 letters, digits, - or _) to make retries safe: the same key answers the first order (200) instead of placing another (201).',
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: createOrderBodySchema,
        response: {
          200: envelope(z.object({ order: orderSchema })),
          201: envelope(z.object({ order: orderSchema })),
          ...errors,
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await orders.create(
        principalOf(request).userId,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.code(created ? 201 : 200).send(ok({ order }, ORDER_MESSAGES.created));
    },
  );

  app.get(
    '/orders/my-orders',
    {
      schema: {
        tags,
        summary: "A page of the shopper's orders, newest first",
        querystring: orderListQuerySchema,
        response: { 200: envelope(orderPageSchema), ...errors },
      },
    },
    async (request) => ok(await orders.list(principalOf(request).userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/orders/getOrderConfirmation/:id',
    {
      schema: {
        tags,
        summary: 'The order as placed, for the confirmation page',
        params: orderParams,
        response: { 200: envelope(z.object({ order: orderSchema })), ...errors },
      },
    },
    async (request) => ok({ order: await orders.get(principalOf(request).userId, orderId(request.params.id)) }),
  );

  app.get(
    '/orders/:id/payment-status',
    {
      schema: {
        tags,
        summary: 'Payment status (behaviour.md §4: pending, completed, failed), read from the gateway while pending',
        params: orderParams,
        response: { 200: envelope(paymentStatusResultSchema), ...errors },
      },
    },
    async (request) => ok(await orders.paymentStatus(principalOf(request).userId, orderId(request.params.id))),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the order before it ships: stock, coupon and gift card go back, a paid order is refunded',
        params: orderParams,
        body: cancelOrderBodySchema,
        response: { 200: envelope(z.object({ order: orderSchema })), ...errors },
      },
    },
    async (request) =>
      ok(
        {
          order: await orders.cancel(
            principalOf(request).userId,
            orderId(request.params.id),
            request.body.reason,
            request.body.refundTo,
          ),
        },
        ORDER_MESSAGES.cancelled,
      ),
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'Remove a never-paid or cancelled order from the list (it stays readable by id)',
        params: orderParams,
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await orders.hide(principalOf(request).userId, orderId(request.params.id));
      return done(ORDER_MESSAGES.deleted);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'One of the shopper’s orders with its lines, totals and GST',
        params: orderParams,
        response: { 200: envelope(z.object({ order: orderSchema })), ...errors },
      },
    },
    async (request) => ok({ order: await orders.get(principalOf(request).userId, orderId(request.params.id)) }),
  );
};
