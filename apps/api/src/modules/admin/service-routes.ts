/**
 * The admin's dashboard, returns queue, refunds and customers (docs/admin.md). Returns: the
 * queue (asked-for first) with the shopper's photos, and the steps approve, reject with a note,
 * pickup (optionally restocking the pieces) and refund. Refunds: pending and failed ones across
 * orders, or the manual (COD) ones, with a retry of a pending gateway refund. Customers: the
 * list and search, one customer with orders, returns, addresses and notes, and the block.
 */
import {
  ADMIN_API_PREFIX,
  REFUND_METHODS,
  REFUND_STATUSES,
  RETURN_STATUSES,
  addressBookEntrySchema,
  adminDashboardSchema,
  adminNoteBodySchema,
  adminNoteSchema,
  adminPageQuerySchema,
  customerRowSchema,
  envelope,
  orderSchema,
  pageOf,
  refundQueueRowSchema,
  returnRequestSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import type { ReturnStep } from '../returns';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;
const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.enum(values)).optional());

type StepBody = { note?: string; restock?: boolean; lines?: { orderItemId: string; restock: boolean }[] };

const RETURN_STEPS: { step: ReturnStep; summary: string; body: z.ZodType<StepBody> }[] = [
  {
    step: 'approve',
    summary: 'Approve the order’s open return',
    body: z.object({ note: z.string().trim().max(500).optional() }),
  },
  {
    step: 'reject',
    summary: 'Reject the order’s open return, saying why (the shopper reads it)',
    body: z.object({ note: z.string().trim().min(1, 'Say why the return is rejected.').max(500) }),
  },
  {
    step: 'pickup',
    summary:
      'The courier picked the return up; each line goes back in stock as `lines` says, else as `restock` says, else by the reason (not when damaged)',
    body: z.object({
      note: z.string().trim().max(500).optional(),
      restock: z.boolean().optional(),
      lines: z
        .array(z.object({ orderItemId: z.uuid(), restock: z.boolean() }))
        .max(50)
        .optional(),
    }),
  },
  {
    step: 'refund',
    summary: 'Refund the picked-up return: gift card share, then the gateway (or by hand for COD)',
    body: z.object({ note: z.string().trim().max(500).optional() }),
  },
];

export const adminServiceRoutes: FastifyPluginAsyncZod<{
  deps: Pick<
    AdminDeps,
    | 'db'
    | 'addressBook'
    | 'lowStockThreshold'
    | 'orders'
    | 'returns'
    | 'returnsAdmin'
    | 'payments'
    | 'customers'
    | 'notes'
    | 'auth'
    | 'inventory'
    | 'orderQueries'
  >;
}> = async (app, { deps }) => {
  const { orders, returns, returnsAdmin, payments, customers, notes, auth, inventory, orderQueries } = deps;

  app.get(
    `${P}/dashboard`,
    {
      onRequest: app.requireStaff('dashboard.read'),
      schema: {
        tags,
        summary: 'Today’s and this month’s orders and revenue (GST apart), 30 days of sales, what needs doing',
        response: { 200: envelope(adminDashboardSchema), ...errorResponses(401, 403) },
      },
    },
    async () => {
      const [figures, returnsWaiting, failed, lowStock] = await Promise.all([
        orderQueries.dashboard(),
        returnsAdmin.waiting(),
        payments.refundQueue({ status: ['failed'], page: 1, perPage: 1 }),
        deps.lowStockThreshold().then((threshold) => inventory.lowStock(deps.db, threshold, 10)),
      ]);
      return ok({ ...figures, returnsWaiting, failedRefunds: failed.total, lowStock });
    },
  );

  app.get(
    `${P}/returns`,
    {
      onRequest: app.requireStaff('returns.read'),
      schema: {
        tags,
        summary: 'Return requests: asked-for first, then under way, then settled; newest first within each',
        querystring: adminPageQuerySchema.extend({ status: commaList(RETURN_STATUSES) }),
        response: { 200: envelope(pageOf(returnRequestSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await returnsAdmin.queue(request.query)),
  );

  app.get(
    `${P}/returns/files/:id`,
    {
      onRequest: app.requireStaff('returns.read'),
      schema: { tags, summary: 'A photo or video the shopper sent with a return', params: idParams },
    },
    async (request, reply) => {
      const file = await returnsAdmin.file(request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  for (const { step, summary, body } of RETURN_STEPS) {
    app.post(
      `${P}/orders/:id/return/${step}`,
      {
        onRequest: app.requireStaff(step === 'refund' ? 'refunds.write' : 'returns.write'),
        config: { audit: { action: `return.${step}`, entity: 'order', id: idOf, read: (id) => orders.getById(id) } },
        schema: {
          tags,
          summary,
          params: idParams,
          body,
          response: {
            200: envelope(z.object({ returnRequest: returnRequestSchema, order: orderSchema })),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        ok(
          await returns.step(request.params.id, step, {
            note: request.body.note ?? null,
            restock: request.body.restock,
            restockLines: request.body.lines
              ? Object.fromEntries(request.body.lines.map((l) => [l.orderItemId, l.restock]))
              : undefined,
            actor: staffOf(request).email,
          }),
        ),
    );
  }

  app.get(
    `${P}/refunds`,
    {
      onRequest: app.requireStaff('refunds.read'),
      schema: {
        tags,
        summary: 'Refunds across orders, newest first: by status (pending, failed) and method (manual = COD)',
        querystring: adminPageQuerySchema.extend({
          status: commaList(REFUND_STATUSES),
          method: z.enum(REFUND_METHODS).optional(),
        }),
        response: { 200: envelope(pageOf(refundQueueRowSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await payments.refundQueue(request.query);
      const numbers = await orders.orderNumbers(page.rows.map((r) => r.orderId));
      return ok({ ...page, rows: page.rows.map((r) => ({ ...r, orderNumber: numbers.get(r.orderId) ?? '' })) });
    },
  );

  app.post(
    `${P}/refunds/refresh`,
    {
      onRequest: app.requireStaff('refunds.write'),
      config: { audit: { action: 'refund.refresh', entity: 'refund' } },
      schema: {
        tags,
        summary: 'Submit every pending gateway refund again, or read its state at the gateway (`npm run ops`)',
        response: { 200: envelope(z.object({ refunds: z.number().int() })), ...errorResponses(401, 403) },
      },
    },
    async () => ok({ refunds: await payments.refreshPendingRefunds() }),
  );

  app.post(
    `${P}/refunds/:id/retry`,
    {
      onRequest: app.requireStaff('refunds.write'),
      config: { audit: { action: 'refund.retry', entity: 'refund', id: idOf } },
      schema: {
        tags,
        summary:
          'Retry a gateway refund: a failed one is asked for again under a new refund id; a pending one is submitted again or read',
        params: idParams,
        response: {
          200: envelope(z.object({ id: z.string(), status: z.string(), providerState: z.string().nullable() })),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const refund = await payments.retryRefund(request.params.id);
      return ok({ id: refund.id, status: refund.status, providerState: refund.providerState });
    },
  );

  app.get(
    `${P}/customers`,
    {
      onRequest: app.requireStaff('customers.read'),
      schema: {
        tags,
        summary: 'Shoppers’ accounts, newest first: search name, email or phone; filter blocked',
        querystring: adminPageQuerySchema.extend({
          q: z.string().trim().min(1).max(100).optional(),
          blocked: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional(),
        }),
        response: { 200: envelope(pageOf(customerRowSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await customers.list(request.query)),
  );

  const readCustomer = async (id: string) => {
    const customer = await customers.get(id);
    if (!customer) throw new NotFoundError('Customer not found');
    return customer;
  };

  app.get(
    `${P}/customers/:id`,
    {
      onRequest: app.requireStaff('customers.read'),
      schema: {
        tags,
        summary: 'A customer with their orders, returns, addresses and notes',
        params: idParams,
        response: {
          200: envelope(
            z.object({
              customer: customerRowSchema,
              orders: z.array(orderSchema),
              returns: z.array(returnRequestSchema),
              addresses: z.array(addressBookEntrySchema),
              notes: z.array(adminNoteSchema),
            }),
          ),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const customer = await readCustomer(request.params.id);
      const [placed, returned, addresses, customerNotes] = await Promise.all([
        orders.list(customer.id, 1, 50),
        returns.listOwn(customer.id, 1, 50),
        deps.addressBook.list(customer.id),
        notes.list('customer', customer.id),
      ]);
      return ok({ customer, orders: placed.orders, returns: returned.returns, addresses, notes: customerNotes });
    },
  );

  app.post(
    `${P}/customers/:id/block`,
    {
      onRequest: app.requireStaff('customers.block'),
      config: { audit: { action: 'customer.block', entity: 'customer', id: idOf, read: readCustomer } },
      schema: {
        tags,
        summary: 'Block the account (its sessions end; it cannot log in or order) or unblock it',
        params: idParams,
        body: z.object({ blocked: z.boolean() }),
        response: { 200: envelope(customerRowSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await readCustomer(request.params.id);
      await auth.setBlocked(request.params.id, request.body.blocked);
      return ok(await readCustomer(request.params.id));
    },
  );

  app.post(
    `${P}/customers/:id/notes`,
    {
      onRequest: app.requireStaff('customers.note'),
      config: { audit: { action: 'customer.note', entity: 'customer_note' } },
      schema: {
        tags,
        summary: 'Add an internal note to the customer',
        params: idParams,
        body: adminNoteBodySchema,
        response: { 201: envelope(adminNoteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const customer = await readCustomer(request.params.id);
      return reply.code(201).send(ok(await notes.add('customer', customer.id, staffOf(request), request.body.body)));
    },
  );
};
