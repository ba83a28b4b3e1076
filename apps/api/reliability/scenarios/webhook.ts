/**
 * Scenario 3: PhonePe's webhook delivered ten times, claims out of order (COMPLETED, FAILED,
 * COMPLETED…), five at once over both instances and five one by one through nginx, for two
 * orders: one PhonePe reports paid, one it reports failed. The API reads the status back from
 * (the stand-in for) PhonePe's API, so each order must change status exactly once: the paid one
 * to placed, the failed one to payment_failed with its stock given back once.
 */
import { WEBHOOK_AUTH } from '../../src/test/phonepe-server';
import { as, call, orderBody, registerShopper, statusCounts, type Answer } from '../client';
import { count, line, stockOf, takeSizes } from '../fixtures';
import type { Stack } from '../stack';
import { checks, spread, type Scenario } from './types';

const CLAIMS = [
  'COMPLETED',
  'FAILED',
  'COMPLETED',
  'FAILED',
  'FAILED',
  'COMPLETED',
  'COMPLETED',
  'FAILED',
  'COMPLETED',
  'FAILED',
];

function delivery(merchantOrderId: string, claim: string, amount: number) {
  return {
    event: claim === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed',
    payload: {
      merchantOrderId,
      orderId: `OMO-${merchantOrderId}`,
      state: claim,
      amount,
      ...(claim === 'FAILED' ? { errorCode: 'TXN_FAILED' } : {}),
    },
  };
}

async function replay(stack: Stack, merchantOrderId: string, amount: number): Promise<Answer[]> {
  const send = (base: string, claim: string) =>
    call(base, 'POST', '/payments/phonepe/webhook', {
      json: delivery(merchantOrderId, claim, amount),
      headers: { authorization: WEBHOOK_AUTH },
    });
  const burst = await Promise.all(CLAIMS.slice(0, 5).map((claim, i) => send(spread(stack, i), claim)));
  const oneByOne: Answer[] = [];
  for (const claim of CLAIMS.slice(5).reverse()) oneByOne.push(await send(stack.url, claim));
  return [...burst, ...oneByOne];
}

type Timeline = { status: string; n: string };

export const webhookReplay: Scenario = {
  id: 3,
  name: 'webhook replay',
  summary: 'a PhonePe webhook replayed 10 times, out of order',
  async run(stack) {
    const [size] = await takeSizes(stack.db, 1, 10);
    const shopper = await registerShopper(stack.url, 'webhook');
    const place = async () =>
      (await call(stack.url, 'POST', '/orders', as(shopper, { json: orderBody([line(size!)], 'phonepe') }))).body.data
        .order;
    const paid = await place();
    const failed = await place();
    const { rows } = await stack.db.query<{ order_id: string; merchant_order_id: string; amount_paise: number }>(
      'SELECT order_id, merchant_order_id, amount_paise FROM payments WHERE order_id = ANY($1::uuid[])',
      [[paid.id, failed.id]],
    );
    const payment = (id: string) => rows.find((r) => r.order_id === id)!;
    stack.phonepe.status.set(payment(paid.id).merchant_order_id, { state: 'COMPLETED' });
    stack.phonepe.status.set(payment(failed.id).merchant_order_id, { state: 'FAILED', errorCode: 'TXN_FAILED' });

    const answers = [
      ...(await replay(stack, payment(paid.id).merchant_order_id, payment(paid.id).amount_paise)),
      ...(await replay(stack, payment(failed.id).merchant_order_id, payment(failed.id).amount_paise)),
    ];
    const timeline = async (id: string) =>
      (
        await stack.db.query<Timeline>(
          'SELECT status, count(*) AS n FROM order_events WHERE order_id = $1 GROUP BY status ORDER BY status',
          [id],
        )
      ).rows;
    const show = (t: Timeline[]) => t.map((r) => `${r.status}×${r.n}`).join(', ');
    const { rows: states } = await stack.db.query<{ id: string; status: string; payment_status: string }>(
      'SELECT id, status, payment_status FROM orders WHERE id = ANY($1::uuid[])',
      [[paid.id, failed.id]],
    );
    const state = (id: string) => states.find((s) => s.id === id)!;
    const paidTimeline = await timeline(paid.id);
    const failedTimeline = await timeline(failed.id);
    const stock = (await stockOf(stack.db, [size!.variantId])).get(size!.variantId);
    const releases = await count(
      stack.db,
      `SELECT count(*) AS n FROM stock_movements WHERE variant_id = $1 AND reason = 'released'`,
      [size!.variantId],
    );
    const { failures, check } = checks();
    check(
      answers.every((a) => a.status === 200),
      `webhook answers ${statusCounts(answers)}: ${answers.find((a) => a.status !== 200)?.text.slice(0, 200)}`,
    );
    const changes = (t: Timeline[], status: string) => Number(t.find((r) => r.status === status)?.n ?? 0);
    check(
      state(paid.id).status === 'placed' && state(paid.id).payment_status === 'completed',
      `paid order is ${state(paid.id).status}/${state(paid.id).payment_status}`,
    );
    check(
      changes(paidTimeline, 'placed') === 1 && changes(paidTimeline, 'payment_failed') === 0,
      `paid order's timeline: ${show(paidTimeline)}`,
    );
    check(
      state(failed.id).status === 'payment_failed' && state(failed.id).payment_status === 'failed',
      `failed order is ${state(failed.id).status}/${state(failed.id).payment_status}`,
    );
    check(
      changes(failedTimeline, 'payment_failed') === 1 && changes(failedTimeline, 'placed') === 0,
      `failed order's timeline: ${show(failedTimeline)}`,
    );
    check(stock === 9 && releases === 1, `stock ${stock} (want 9), ${releases} stock releases (want 1)`);
    console.log(`paid order's timeline: ${show(paidTimeline)}; failed order's: ${show(failedTimeline)}`);
    return {
      done: '2 PhonePe orders (PhonePe says paid / failed); for each 10 webhooks claiming COMPLETED/FAILED out of order: 5 at once over both instances, 5 one by one via nginx',
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `20 × 200; paid order → placed once (${show(paidTimeline)}); failed order → payment_failed once (${show(failedTimeline)}), stock given back once`,
    };
  },
};
