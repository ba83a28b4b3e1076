/**
 * Test helpers for returns: seeded products of returnable (or non-returnable) categories,
 * placing and paying an order through HTTP, delivering it with OrdersService.transition as
 * the operator would, and sending a return form.
 */
import assert from 'node:assert/strict';
import { sql } from 'drizzle-orm';
import type { Order, ReturnRequest } from '@vastra/contracts';
import { queryRows } from '../db/client';
import { bearer, multipart, type Account } from './accounts';
import { setPricePaise, setStock } from './catalog';
import type { TestContext } from './harness';
import { BENGALURU_ADDRESS } from './orders';

export type Piece = { productId: string; variantId: string; name: string };

/**
 * Active seeded sizes, one per product, whose category lineage does (`blocked: true`) or does
 * not reach one of `slugs` (by default the app's non-returnable categories); priced at
 * `pricePaise` with stock 50.
 */
export async function piecesOf(
  ctx: TestContext,
  count: number,
  {
    blocked,
    slugs = ctx.config.returns.nonReturnableCategories,
    pricePaise,
  }: { blocked: boolean; slugs?: string[]; pricePaise: number },
): Promise<Piece[]> {
  const rows = await queryRows<Piece>(
    ctx.database.db,
    sql`WITH RECURSIVE lineage(category_id, ancestor_id) AS (
          SELECT id, id FROM categories
          UNION ALL
          SELECT l.category_id, c.parent_id FROM lineage l JOIN categories c ON c.id = l.ancestor_id
          WHERE c.parent_id IS NOT NULL
        ), blocked AS (
          SELECT DISTINCT l.category_id FROM lineage l JOIN categories c ON c.id = l.ancestor_id
          WHERE c.slug = ANY(${`{${slugs.join(',')}}`}::text[])
        )
        SELECT DISTINCT ON (p.id) p.id AS "productId", v.id AS "variantId", p.name
        FROM products p JOIN variants v ON v.product_id = p.id
        WHERE p.is_active AND (p.category_id IN (SELECT category_id FROM blocked)) = ${blocked}
        ORDER BY p.id, v.position LIMIT ${count}`,
  );
  assert.equal(rows.length, count, `the seeded catalogue has ${count} ${blocked ? 'non-' : ''}returnable products`);
  for (const r of rows) {
    await setPricePaise(ctx.database.db, r.variantId, pricePaise);
    await setStock(ctx.database.db, r.variantId, 50);
  }
  return rows;
}

/**
 * Places an order of `items` for `account` through POST /orders, pays it on the sandbox page
 * when online, and returns it. `paymentMethod` sandbox by default.
 */
export async function placePaidOrder(
  ctx: TestContext,
  account: Account,
  body: { items: { productId: string; variantId: string; quantity: number }[]; [key: string]: unknown },
): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(account.token),
    payload: { shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'sandbox', ...body },
  });
  assert.equal(res.statusCode, 201, res.body);
  const order = (res.json() as { data: { order: Order } }).data.order;
  if (order.paymentUrl) {
    const paid = await ctx.app.inject({
      method: 'POST',
      url: new URL(order.paymentUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    assert.equal(paid.statusCode, 303, paid.body);
  }
  return order;
}

/** Moves a placed order through confirmed, packed, shipped and delivered, as the operator does. */
export async function deliver(ctx: TestContext, orderId: string): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    for (const to of ['confirmed', 'packed', 'shipped', 'delivered'] as const) {
      await ctx.app.orders.transition(tx, orderId, to, {
        actor: 'operator',
        ...(to === 'shipped' ? { shipment: { courier: 'Delhivery', awb: `AWB${Date.now()}` } } : {}),
      });
    }
  });
}

/** Pretends the order was delivered `days` days ago (the return window runs from delivery). */
export async function deliveredDaysAgo(ctx: TestContext, orderId: string, days: number): Promise<void> {
  await ctx.database.db.execute(
    sql`UPDATE orders SET delivered_at = now() - make_interval(days => ${days}) WHERE id = ${orderId}::uuid`,
  );
}

export type ReturnFile = { name: string; type: string; body: Buffer };

/** Sends a return form (full when `items` is absent) with `files`; returns status and parsed body. */
export async function sendReturn(
  ctx: TestContext,
  account: Account | null,
  orderId: string,
  fields: {
    reason?: string;
    comment?: string;
    items?: { orderItemId: string; quantity: number }[];
    refundTo?: 'wallet' | 'original';
  },
  files: ReturnFile[] = [],
) {
  const form = new FormData();
  if (fields.reason) form.set('reason', fields.reason);
  if (fields.comment) form.set('comment', fields.comment);
  if (fields.items) form.set('items', JSON.stringify(fields.items));
  if (fields.refundTo) form.set('refundTo', fields.refundTo);
  for (const f of files) form.append('files', new Blob([f.body], { type: f.type }), f.name);
  const body = await multipart(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/orders/${orderId}/${fields.items ? 'partial-return' : 'return'}`,
    payload: body.payload,
    headers: { ...body.headers, ...(account ? bearer(account.token) : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; message?: string; data: { returnRequest: ReturnRequest; order: Order } },
  };
}
