/**
 * The admin's orders (docs/admin.md): the list with filters and search, its CSV export, the
 * order with its customer, internal notes and the GST rule of each line, every store step of
 * the lifecycle (one order or several), cancel with a reason, a cash on delivery order's cash
 * collected or refused at the door, notes, resending the confirmation and the GST invoice.
 * Roles per route: reading, notes and resends are for every role; steps need `orders.write`.
 */
import {
  ADMIN_API_PREFIX,
  ORDER_MESSAGES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  adminNoteBodySchema,
  adminNoteSchema,
  adminOrderRowSchema,
  adminPageQuerySchema,
  cancelOrderBodySchema,
  codCollectionBodySchema,
  customerRowSchema,
  envelope,
  orderLineTaxRuleSchema,
  orderSchema,
  pageOf,
  type OrderLineTaxRule,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeCsv } from '../../lib/csv';
import { errorResponses, ok } from '../../lib/http';
import { istDayStart } from '../../lib/india-time';
import { paiseToRupees } from '../../lib/money';
import { staffOf } from '../../plugins/admin-auth';
import { OPERATOR_STEPS, type AdminOrderFilter } from '../orders';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/orders`;

export const listQuerySchema = adminPageQuerySchema.extend({
  /** One status or several, comma-separated. */
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.enum(ORDER_STATUSES)).optional()),
  paymentGateway: z.enum(PAYMENT_METHODS).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  state: z.string().trim().max(100).optional(),
  pincode: z
    .string()
    .regex(/^[1-9]\d{5}$/)
    .optional(),
  q: z.string().trim().min(1).max(100).optional(),
});

const detailSchema = z.object({
  order: orderSchema,
  customer: customerRowSchema.nullable(),
  notes: z.array(adminNoteSchema),
  /** Which GST rule and slab taxed each line (docs/admin.md "Orders"). */
  taxRules: z.array(orderLineTaxRuleSchema),
});

/** A store step of an order: where to, a note for the timeline, and the shipment when shipping. */
const transitionBodySchema = z
  .object({
    to: z.enum(OPERATOR_STEPS),
    note: z.string().trim().max(500).optional(),
    courier: z.string().trim().min(1).max(100).optional(),
    awb: z.string().trim().min(1).max(100).optional(),
    // Shown to the shopper as a link: only http(s), never javascript: or data:.
    trackingUrl: z
      .url({ protocol: /^https?$/, message: ORDER_MESSAGES.trackingUrlInvalid })
      .max(500)
      .optional(),
    /** Expected delivery date, YYYY-MM-DD (or a full ISO date). */
    estimatedDelivery: z.iso.date().or(z.iso.datetime()).optional(),
  })
  .refine((b) => b.to !== 'shipped' || (b.courier && b.awb), {
    message: 'A shipment needs a courier and an AWB.',
    path: ['awb'],
  });

/** What `OrdersService.advance` takes from a step body: the note, and the shipment when shipping. */
function stepInputOf(body: z.infer<typeof transitionBodySchema>) {
  const { to, note, courier, awb, trackingUrl, estimatedDelivery } = body;
  return {
    note: note ?? null,
    ...(to === 'shipped' && courier && awb
      ? {
          shipment: {
            courier,
            awb,
            trackingUrl: trackingUrl ?? null,
            estimatedDeliveryAt: estimatedDelivery ? new Date(estimatedDelivery) : null,
          },
        }
      : {}),
  };
}

const CSV_COLUMNS = [
  'orderNumber',
  'createdAt',
  'status',
  'paymentGateway',
  'paymentStatus',
  'customerName',
  'phone',
  'city',
  'state',
  'pincode',
  'itemCount',
  'total',
  'awb',
] as const;
const CSV_PAGE = 200;

export const adminOrdersRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AdminDeps, 'orders' | 'orderQueries' | 'customers' | 'notes' | 'invoices' | 'productEditor'>;
}> = async (app, { deps }) => {
  const { orders, orderQueries, customers, notes, invoices, productEditor } = deps;
  const readOrder = (id: string) => orders.getById(id);

  /** The list filter of a query: dates are Indian days; a search also matches shoppers by email or phone. */
  async function filterOf(query: z.infer<typeof listQuerySchema>): Promise<AdminOrderFilter> {
    const { from, to, q, ...rest } = query;
    return {
      ...rest,
      ...(from ? { from: istDayStart(from) } : {}),
      ...(to ? { to: istDayStart(to, 1) } : {}),
      ...(q ? { q, userIds: await customers.idsMatching(q) } : {}),
    };
  }

  app.get(
    P,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags,
        summary:
          'Orders, newest first: filter by status, payment, dates, state, pincode; search number, email, phone, AWB',
        querystring: listQuerySchema,
        response: { 200: envelope(pageOf(adminOrderRowSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await orderQueries.list(await filterOf(request.query))),
  );

  app.get(
    `${P}/export`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags,
        summary: 'The filtered order list as CSV (every page), money in rupees',
        querystring: listQuerySchema.omit({ page: true, perPage: true }),
      },
    },
    async (request, reply) => {
      const filter = await filterOf({ ...request.query, page: 1, perPage: CSV_PAGE });
      const records: unknown[][] = [];
      for (let page = 1; ; page += 1) {
        const { rows } = await orderQueries.list({ ...filter, page });
        for (const row of rows) {
          records.push(CSV_COLUMNS.map((c) => (c === 'total' ? paiseToRupees(row.totalPaise).toFixed(2) : row[c])));
        }
        if (rows.length < CSV_PAGE) break;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .send(writeCsv(CSV_COLUMNS, records));
    },
  );

  app.get(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags,
        summary: 'An order with its items, GST, addresses, payments, refunds, timeline, customer and notes',
        params: idParams,
        response: { 200: envelope(detailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const order = await orders.getById(request.params.id);
      const row = await orders.findRef(order.id);
      const [stored, categories] = await Promise.all([orders.taxRules(order.id), productEditor.categories()]);
      const paths = new Map(categories.map((c) => [c.id, c.path]));
      const taxRules: OrderLineTaxRule[] = stored.map(({ itemId, rule }) => ({
        itemId,
        rule: rule && {
          hsnPrefix: rule.hsnPrefix,
          categoryId: rule.categoryId,
          categoryPath: rule.categoryId ? (paths.get(rule.categoryId) ?? null) : null,
          minUnitPaise: rule.minUnitPaise,
          maxUnitPaise: rule.maxUnitPaise,
          rateBasisPoints: rule.rateBasisPoints,
          description: rule.description,
        },
      }));
      return ok({
        order,
        customer: await customers.get(row.userId),
        notes: await notes.list('order', order.id),
        taxRules,
      });
    },
  );

  app.post(
    `${P}/:id/steps`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'order.step', entity: 'order', id: idOf, read: readOrder } },
      schema: {
        tags,
        summary:
          'Move the order one store step: confirmed, packed, shipped (courier, AWB), out_for_delivery, delivered',
        params: idParams,
        body: transitionBodySchema,
        response: { 200: envelope(orderSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await orders.advance(request.params.id, request.body.to, stepInputOf(request.body))),
  );

  app.post(
    `${P}/bulk-steps`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'order.bulk_step', entity: 'order' } },
      schema: {
        tags,
        summary: 'Confirm or pack several orders; answers which moved and why the others did not',
        body: z.object({ ids: z.array(z.uuid()).min(1).max(100), to: z.enum(['confirmed', 'packed']) }),
        response: {
          200: envelope(
            z.object({
              moved: z.array(z.string()),
              refused: z.array(z.object({ id: z.string(), message: z.string() })),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const moved: string[] = [];
      const refused: { id: string; message: string }[] = [];
      for (const id of request.body.ids) {
        try {
          await orders.advance(id, request.body.to, { note: null });
          moved.push(id);
        } catch (err) {
          refused.push({ id, message: (err as Error).message });
        }
      }
      return ok({ moved, refused });
    },
  );

  app.post(
    `${P}/:id/cancel`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'order.cancel', entity: 'order', id: idOf, read: readOrder } },
      schema: {
        tags,
        summary: 'Cancel the order with a reason (same rules and refunds as the shopper’s cancel)',
        params: idParams,
        body: cancelOrderBodySchema,
        response: { 200: envelope(orderSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(await orders.cancelByOperator(request.params.id, request.body.reason), ORDER_MESSAGES.cancelled),
  );

  app.post(
    `${P}/:id/cod`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'order.cod', entity: 'order', id: idOf, read: readOrder } },
      schema: {
        tags,
        summary:
          'Cash on delivery: the cash was collected (the order is delivered and paid) or refused at the door (the order is cancelled, nothing paid)',
        params: idParams,
        body: codCollectionBodySchema,
        response: { 200: envelope(orderSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { collected, note } = request.body;
      const order = await orders.recordCod(request.params.id, collected, { actor: 'operator', note: note ?? null });
      return ok(order, collected ? ORDER_MESSAGES.codCollected : ORDER_MESSAGES.cancelled);
    },
  );

  app.post(
    `${P}/:id/notes`,
    {
      onRequest: app.requireStaff('orders.note'),
      config: { audit: { action: 'order.note', entity: 'order_note' } },
      schema: {
        tags,
        summary: 'Add an internal note to the order (never shown to the shopper)',
        params: idParams,
        body: adminNoteBodySchema,
        response: { 201: envelope(adminNoteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const order = await orders.getById(request.params.id);
      return reply.code(201).send(ok(await notes.add('order', order.id, staffOf(request), request.body.body)));
    },
  );

  app.post(
    `${P}/:id/resend-confirmation`,
    {
      onRequest: app.requireStaff('orders.resend'),
      config: { audit: { action: 'order.resend_confirmation', entity: 'order', id: idOf } },
      schema: {
        tags,
        summary: 'Mail the order confirmation to the shopper again',
        params: idParams,
        response: { 200: envelope(z.object({ sent: z.boolean() })), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok({ sent: await orders.resendConfirmation(request.params.id) }),
  );

  app.get(
    `${P}/:id/invoice`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: { tags, summary: 'The order’s GST tax invoice (PDF)', params: idParams },
    },
    async (request, reply) => {
      const row = await orders.findRef(request.params.id);
      const { filename, pdf } = await invoices.invoice(row.userId, row.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(pdf);
    },
  );
};
