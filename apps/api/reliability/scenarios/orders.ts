/**
 * Orders under contention: the last pieces of a size (1), one order retried with one
 * Idempotency-Key (2), and an instance killed while orders are placed (4).
 */
import { randomBytes } from 'node:crypto';
import { orderOutOfStock } from '@vastra/contracts';
import { as, call, orderBody, pool, registerShopper, statusCounts, type Answer } from '../client';
import { count, line, stockOf, takeSizes } from '../fixtures';
import { checks, spread, type Scenario } from './types';

const post = (base: string, body: unknown, opts: Parameters<typeof as>[1] = {}) => ({ base, body, opts });

export const stockRace: Scenario = {
  id: 1,
  name: 'last pieces',
  summary: '50 simultaneous orders for one size with stock 5, over both instances',
  async run(stack) {
    const [size] = await takeSizes(stack.db, 1, 5);
    const shoppers = await Promise.all(Array.from({ length: 10 }, () => registerShopper(stack.url, 'stock')));
    const calls = Array.from({ length: 50 }, (_, i) =>
      post(spread(stack, i), orderBody([line(size!)]), as(shoppers[i % shoppers.length]!)),
    );
    const answers = await Promise.all(calls.map((c) => call(c.base, 'POST', '/orders', { ...c.opts, json: c.body })));
    const outOfStock = orderOutOfStock(size!.name, size!.size, 0);
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409 && a.body?.message === outOfStock).length;
    const stock = (await stockOf(stack.db, [size!.variantId])).get(size!.variantId);
    const stored = await count(stack.db, 'SELECT count(*) AS n FROM order_items WHERE variant_id = $1', [
      size!.variantId,
    ]);
    const { failures, check } = checks();
    check(created === 5, `${created} orders created, not 5`);
    check(refused === 45, `${refused} answered 409 "${outOfStock}", not 45 (${statusCounts(answers)})`);
    check(stock === 0, `stock ended at ${stock}`);
    check(stored === 5, `${stored} order lines stored`);
    return {
      done: '50 simultaneous COD orders (10 shoppers) for a size with stock 5, spread over both instances and nginx',
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `5 × 201, 45 × 409 "${outOfStock}", stock 0, 5 order lines (${statusCounts(answers)})`,
    };
  },
};

export const idempotentRetries: Scenario = {
  id: 2,
  name: 'idempotent retries',
  summary: '100 concurrent retries of one order with one Idempotency-Key',
  async run(stack) {
    const [size] = await takeSizes(stack.db, 1, 100);
    const shopper = await registerShopper(stack.url, 'retry');
    const key = `reliability-${randomBytes(8).toString('hex')}`;
    const body = orderBody([line(size!)], 'phonepe');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(spread(stack, i), 'POST', '/orders', as(shopper, { json: body, headers: { 'idempotency-key': key } })),
      ),
    );
    const ids = new Set(answers.filter((a) => a.status < 300).map((a) => a.body?.data?.order?.id as string));
    const [orderId] = ids;
    const orders = await count(stack.db, 'SELECT count(*) AS n FROM orders WHERE user_id = $1', [shopper.userId]);
    const paymentRows = await count(stack.db, 'SELECT count(*) AS n FROM payments WHERE order_id = $1', [orderId]);
    const { rows } = await stack.db.query<{ merchant_order_id: string }>(
      'SELECT merchant_order_id FROM payments WHERE order_id = $1',
      [orderId],
    );
    const started = stack.phonepe.pays.filter((p) => p.body.merchantOrderId === rows[0]?.merchant_order_id).length;
    const stock = (await stockOf(stack.db, [size!.variantId])).get(size!.variantId);
    const created = answers.filter((a) => a.status === 201).length;
    const repeated = answers.filter((a) => a.status === 200).length;
    const { failures, check } = checks();
    check(created === 1 && repeated === 99, `answers ${statusCounts(answers)}, not 201×1, 200×99`);
    check(ids.size === 1, `${ids.size} different orders answered`);
    check(orders === 1, `${orders} orders stored`);
    check(paymentRows === 1 && started === 1, `${paymentRows} payment rows, ${started} payments started at PhonePe`);
    check(stock === 99, `stock ${stock}, not 99`);
    return {
      done: '100 concurrent POST /orders (PhonePe) with one Idempotency-Key from one shopper, over both instances and nginx',
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : '1 × 201 then 99 × 200, all the same order; 1 order, 1 payment started, stock 100 → 99',
    };
  },
};

const KILL_ORDERS = 100;
/** Acknowledged orders after which instance 2 is killed: the rest are placed while it is gone or dying. */
const KILL_AFTER = 30;

export const killDuringOrders: Scenario = {
  id: 4,
  name: 'kill -9 mid-orders',
  summary: `kill -9 of instance 2 while ${KILL_ORDERS} orders are placed`,
  async run(stack) {
    const start = 1000;
    const sizes = await takeSizes(stack.db, 4, start);
    const coupon = `KILL${randomBytes(3).toString('hex').toUpperCase()}`;
    const { rows: couponRows } = await stack.db.query<{ id: string }>(
      `INSERT INTO coupons (code, description, discount_type, discount_value) VALUES ($1, 'reliability', 'percentage', 10) RETURNING id`,
      [coupon],
    );
    const couponId = couponRows[0]!.id;
    const cards = Array.from({ length: KILL_ORDERS }, (_, i) =>
      `GCKILL${randomBytes(3).toString('hex')}${i}`.toUpperCase(),
    );
    await stack.db.query(
      `INSERT INTO gift_cards (code, initial_balance_paise, balance_paise) SELECT unnest($1::text[]), 10000, 10000`,
      [cards],
    );
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => registerShopper(stack.url, 'kill')));
    let answered = 0;
    let killed: Promise<void> | null = null;
    let inFlightAtKill = 0;
    let inFlight = 0;
    const answers: Answer[] = await pool(KILL_ORDERS, 16, async (i) => {
      const lines = [line(sizes[i % sizes.length]!, 1 + (i % 2))];
      inFlight += 1;
      const answer = await call(
        spread(stack, i),
        'POST',
        '/orders',
        as(shoppers[i % shoppers.length]!, { json: orderBody(lines, 'cod', { coupon, giftCard: cards[i] }) }),
      );
      inFlight -= 1;
      answered += 1;
      if (answered === KILL_AFTER && !killed) {
        inFlightAtKill = inFlight;
        killed = stack.kill(1);
      }
      return answer;
    });
    await killed;
    const acked = answers.filter((a) => a.status >= 200 && a.status < 300).map((a) => a.body.data.order.id as string);
    const userIds = shoppers.map((s) => s.userId);
    const { failures, check } = checks();

    const existing = await count(stack.db, 'SELECT count(*) AS n FROM orders WHERE id = ANY($1::uuid[])', [acked]);
    check(existing === acked.length, `${acked.length - existing} acknowledged orders missing`);
    const live = `SELECT id FROM orders WHERE user_id = ANY($1::uuid[]) AND status NOT IN ('payment_failed', 'cancelled')`;
    const orders = await count(stack.db, `SELECT count(*) AS n FROM (${live}) o`, [userIds]);
    const { rows: held } = await stack.db.query<{ variant_id: string; n: string }>(
      `SELECT variant_id, sum(quantity) AS n FROM order_items WHERE order_id IN (${live}) GROUP BY variant_id`,
      [userIds],
    );
    const stock = await stockOf(
      stack.db,
      sizes.map((s) => s.variantId),
    );
    for (const s of sizes) {
      const want = start - Number(held.find((h) => h.variant_id === s.variantId)?.n ?? 0);
      check(
        stock.get(s.variantId) === want,
        `${s.name} (${s.size}): stock ${stock.get(s.variantId)}, orders hold ${start - want}`,
      );
    }
    const redemptions = await count(
      stack.db,
      'SELECT count(*) AS n FROM coupon_redemptions WHERE coupon_id = $1 AND released_at IS NULL',
      [couponId],
    );
    check(redemptions === orders, `${redemptions} open coupon uses for ${orders} orders`);
    const danglingUses = await count(
      stack.db,
      `SELECT count(*) AS n FROM coupon_redemptions r WHERE coupon_id = $1 AND released_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = r.order_id AND o.status NOT IN ('payment_failed', 'cancelled'))`,
      [couponId],
    );
    check(danglingUses === 0, `${danglingUses} coupon uses without a live order`);
    const { rows: cardRows } = await stack.db.query<{ holds: string; orphans: string; unbalanced: string }>(
      `SELECT
         (SELECT count(*) FROM gift_card_transactions t JOIN gift_cards g ON g.id = t.gift_card_id
           WHERE g.code = ANY($1) AND t.kind = 'hold'
             AND NOT EXISTS (SELECT 1 FROM gift_card_transactions r WHERE r.order_id = t.order_id AND r.kind = 'release')) AS holds,
         (SELECT count(*) FROM gift_card_transactions t JOIN gift_cards g ON g.id = t.gift_card_id
           WHERE g.code = ANY($1) AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = t.order_id)) AS orphans,
         (SELECT count(*) FROM gift_cards g WHERE g.code = ANY($1) AND g.balance_paise <> g.initial_balance_paise +
           (SELECT coalesce(sum(amount_paise), 0) FROM gift_card_transactions t WHERE t.gift_card_id = g.id)) AS unbalanced`,
      [cards],
    );
    const holds = Number(cardRows[0]!.holds);
    check(holds === orders, `${holds} open gift card holds for ${orders} orders`);
    check(Number(cardRows[0]!.orphans) === 0, `${cardRows[0]!.orphans} gift card movements without an order`);
    check(Number(cardRows[0]!.unbalanced) === 0, `${cardRows[0]!.unbalanced} gift cards whose balance ≠ their ledger`);

    await stack.restart(1);
    const lost = answers.filter((a) => a.status === 0 || a.status >= 500).length;
    console.log(
      `answers: ${statusCounts(answers)} (0 = connection lost); ${inFlightAtKill} in flight at the kill; ` +
        `${acked.length} acknowledged, ${orders} orders exist; instance 2 restarted as pid ${stack.instances[1]!.pid}`,
    );
    const other = answers.filter((a) => a.status !== 0 && a.status !== 502 && (a.status < 200 || a.status >= 300));
    check(other.length === 0, `unexpected answers: ${statusCounts(other)} ${other[0]?.text.slice(0, 200) ?? ''}`);
    return {
      done: `${KILL_ORDERS} COD orders (coupon + own gift card each; 16 at a time, over both instances and nginx); instance 2 SIGKILLed after ${KILL_AFTER} answers, restarted after`,
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `${acked.length} acknowledged all exist (${lost} lost with the instance: ${statusCounts(answers)}); ${orders} orders; stock = start − held; ${redemptions} coupon uses and ${holds} gift card holds = orders, none dangling`,
    };
  },
};
