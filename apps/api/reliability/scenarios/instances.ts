/**
 * The two instances agreeing (docs/deploy.md "Several instances"): a failed PhonePe refund
 * retried by the store on both instances at once is asked of (the stand-in for) PhonePe once (8),
 * and a size ordered down to no stock through instance 1 is shown sold out by instance 2, which
 * kept its product page, within a second (9).
 */
import { WEBHOOK_AUTH } from '../../src/test/phonepe-server';
import { as, call, orderBody, registerShopper, statusCounts } from '../client';
import { line, takeSizes } from '../fixtures';
import type { Stack } from '../stack';
import { checks, type Scenario } from './types';

/** Retries sent at once, half to each instance. */
const RETRIES = 10;
/** How long instance 2 may show a sold size as in stock, in ms. */
const SOLD_OUT_WITHIN_MS = 1000;

/** A PhonePe order through nginx, paid (PhonePe's webhook, confirmed by a status read): its id and PhonePe's order id. */
async function paidPhonePeOrder(
  stack: Stack,
): Promise<{ orderId: string; merchantOrderId: string; shopper: Awaited<ReturnType<typeof registerShopper>> }> {
  const [size] = await takeSizes(stack.db, 1, 5);
  const shopper = await registerShopper(stack.url, 'refund');
  const placed = await call(stack.url, 'POST', '/orders', as(shopper, { json: orderBody([line(size!)], 'phonepe') }));
  if (placed.status !== 201) throw new Error(`order answered ${placed.status}: ${placed.text.slice(0, 200)}`);
  const orderId = placed.body.data.order.id as string;
  const { rows } = await stack.db.query<{ merchant_order_id: string; amount_paise: number }>(
    'SELECT merchant_order_id, amount_paise FROM payments WHERE order_id = $1',
    [orderId],
  );
  const { merchant_order_id: merchantOrderId, amount_paise: amount } = rows[0]!;
  stack.phonepe.status.set(merchantOrderId, { state: 'COMPLETED' });
  const hook = await call(stack.url, 'POST', '/payments/phonepe/webhook', {
    headers: { authorization: WEBHOOK_AUTH },
    json: {
      event: 'checkout.order.completed',
      payload: { merchantOrderId, orderId: `OMO-${merchantOrderId}`, state: 'COMPLETED', amount },
    },
  });
  if (hook.status !== 200) throw new Error(`webhook answered ${hook.status}: ${hook.text.slice(0, 200)}`);
  return { orderId, merchantOrderId, shopper };
}

export const refundRetriedTwice: Scenario = {
  id: 8,
  name: 'refund retried on both',
  summary: `a failed PhonePe refund retried ${RETRIES} times at once over both instances`,
  // The stand-in fails the refund on purpose: the store's alert line for it is the expected fault.
  serverFaults: [/^error: refund failed at the gateway; retry it/],
  async run(stack) {
    const { orderId, merchantOrderId, shopper } = await paidPhonePeOrder(stack);
    const cancelled = await call(
      stack.url,
      'POST',
      `/orders/${orderId}/cancel`,
      as(shopper, { json: { reason: 'Ordered the wrong size' } }),
    );
    if (cancelled.status !== 200)
      throw new Error(`cancel answered ${cancelled.status}: ${cancelled.text.slice(0, 200)}`);
    const refundRow = async () =>
      (
        await stack.db.query<{ id: string; status: string; merchant_refund_id: string }>(
          `SELECT id, status, merchant_refund_id FROM refunds WHERE order_id = $1 AND method = 'gateway'`,
          [orderId],
        )
      ).rows[0]!;
    const asked = () => stack.phonepe.refunds.filter((r) => r.body.originalMerchantOrderId === merchantOrderId);
    const refund = await refundRow();
    // PhonePe fails the refund; the store's refresh (as `npm run ops` runs it) reads that.
    stack.phonepe.refundStatus.set(refund.merchant_refund_id, { state: 'FAILED', errorCode: 'REFUND_FAILED' });
    const operator = { token: stack.operatorToken };
    const refreshed = await call(stack.url, 'POST', '/admin/api/refunds/refresh', operator);
    const failed = await refundRow();
    if (refreshed.status !== 200 || failed.status !== 'failed') {
      throw new Error(`refresh answered ${refreshed.status}; the refund is ${failed.status}, not failed`);
    }
    const askedBefore = asked().length;

    const answers = await Promise.all(
      Array.from({ length: RETRIES }, (_, i) =>
        call(stack.instances[i % 2]!.url, 'POST', `/admin/api/refunds/${refund.id}/retry`, operator),
      ),
    );
    const after = await refundRow();
    const retried = asked().slice(askedBefore);
    const { failures, check } = checks();
    check(
      answers.every((a) => a.status === 200),
      `retries answered ${statusCounts(answers)}: ${answers.find((a) => a.status !== 200)?.text.slice(0, 200)}`,
    );
    check(retried.length === 1, `PhonePe asked ${retried.length} times, not once`);
    check(
      retried[0]?.body.merchantRefundId === after.merchant_refund_id &&
        after.merchant_refund_id !== refund.merchant_refund_id,
      `PhonePe asked for ${String(retried[0]?.body.merchantRefundId)}; the refund is now ${after.merchant_refund_id} (was ${refund.merchant_refund_id})`,
    );
    check(after.status === 'pending', `the refund is ${after.status}, not pending`);
    return {
      done: `a paid PhonePe order cancelled; PhonePe fails its refund; ${RETRIES} retries at once through the admin API, half on each instance`,
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `${statusCounts(answers)}; PhonePe asked once, under a new refund id; the refund pending again`,
    };
  },
};

export const soldOutEverywhere: Scenario = {
  id: 9,
  name: 'sold out on both',
  summary: 'the last piece ordered on instance 1, shown sold out on instance 2 within a second',
  async run(stack) {
    const [size] = await takeSizes(stack.db, 1, 1);
    const [one, two] = stack.instances;
    const shown = async () => {
      const res = await call(two!.url, 'GET', `/products/${size!.productId}`);
      if (res.status !== 200) throw new Error(`instance 2 answered ${res.status}: ${res.text.slice(0, 200)}`);
      const variants = res.body.data.product.variants as { id: string; stock: number; inStock: boolean }[];
      return variants.find((v) => v.id === size!.variantId)!;
    };
    // Instance 2 keeps its answer for this product from here.
    const before = await shown();
    const shopper = await registerShopper(one!.url, 'soldout');
    const ordered = await call(one!.url, 'POST', '/orders', as(shopper, { json: orderBody([line(size!)]) }));
    const orderedAt = performance.now();
    let now = await shown();
    while (now.inStock && performance.now() - orderedAt < 5000) {
      await new Promise((r) => setTimeout(r, 20));
      now = await shown();
    }
    const ms = Math.round(performance.now() - orderedAt);
    const { failures, check } = checks();
    check(before.inStock && before.stock === 1, `instance 2 showed stock ${before.stock} before the order, not 1`);
    check(ordered.status === 201, `the order answered ${ordered.status}: ${ordered.text.slice(0, 200)}`);
    check(!now.inStock && now.stock === 0, `instance 2 still shows stock ${now.stock} after ${ms} ms`);
    check(ms <= SOLD_OUT_WITHIN_MS, `instance 2 showed it sold out after ${ms} ms, not within ${SOLD_OUT_WITHIN_MS}`);
    return {
      done: `instance 2 shows a size with 1 piece (kept answer); a COD order for it through instance 1`,
      ok: failures.length === 0,
      result: failures.length ? failures.join('; ') : `instance 2 shows it sold out ${ms} ms after the order's answer`,
    };
  },
};
