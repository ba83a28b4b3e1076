/**
 * The shopper's side of the store's return steps (behaviour.md §10), with a real local SMTP server: a
 * mail when the return is requested, approved, rejected (with the store's note), picked up and
 * refunded (the gift card's share and the gateway's share in rupees), then the refund-completed
 * mail once the gateway's refund goes through. And `npm run ops` driving the same steps
 * (approve-return, reject-return --note, pickup-return, refund-return) over HTTP against a
 * listening app.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { formatPrice, transitionNotAllowed, type Order, type ReturnRequest } from '@vastra/contracts';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { createGiftCard } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const OPERATOR_TOKEN = 'return-mails-test-operator-token-0123456789';

let ctx: TestContext;
let smtp: TestSmtpServer;
let shopper: Account;
let pieces: Piece[];

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, OPERATOR_TOKEN } });
  pieces = await piecesOf(ctx, 2, { blocked: false, pricePaise: 1_49_900 });
  await createGiftCard(ctx.database.db, 'GIFT-MAIL-0001', 60_000);
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  await smtp.waitForMail(shopper.email); // the verification code
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

/** A delivered order of one piece of each product (its confirmation mail taken off the queue). */
async function deliveredOrder(extra: object = {}): Promise<Order> {
  const order = await placePaidOrder(ctx, shopper, {
    items: pieces.map((p) => ({ productId: p.productId, variantId: p.variantId, quantity: 1 })),
    ...extra,
  });
  await deliver(ctx, order.id);
  await smtp.waitForMail(shopper.email);
  return order;
}

async function requestReturn(order: Order): Promise<ReturnRequest> {
  const res = await sendReturn(ctx, shopper, order.id, {
    reason: 'size',
    items: [{ orderItemId: order.items[0]!.id, quantity: 1 }],
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.returnRequest;
}

async function ops(order: Order, step: string, body: object = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/admin/api/orders/${order.id}/return/${step}`,
    headers: bearer(OPERATOR_TOKEN),
    payload: body,
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { returnRequest: ReturnRequest; order: Order };
}

describe('return status mails', () => {
  test('requested, approved, picked up, refunded with the card and gateway shares, then refund completed', async () => {
    const order = await deliveredOrder({ additionalCoupon: 'GIFT-MAIL-0001' });
    const n = order.orderNumber;
    const request = await requestReturn(order);
    const requested = await smtp.waitForMail(shopper.email);
    assert.equal(requested.subject, `We received your return request for ${n}`);
    assert.match(requested.text ?? '', new RegExp(`View your order: http://shop\\.test/account/orders/${order.id}`));

    await ops(order, 'approve');
    const approved = await smtp.waitForMail(shopper.email);
    assert.equal(approved.subject, `Your return for ${n} is approved`);
    assert.match(approved.text ?? '', /Our courier will pick the items up/);

    await ops(order, 'pickup');
    assert.equal((await smtp.waitForMail(shopper.email)).subject, `Your return for ${n} was picked up`);

    const { returnRequest } = await ops(order, 'refund');
    assert.equal(returnRequest.status, 'refunded');
    const card = returnRequest.giftCardRefundAmount;
    const gateway = returnRequest.gatewayRefundAmount;
    assert.ok(card > 0 && gateway > 0, 'both the card and the gateway get a share');
    assert.equal(card + gateway, request.refundAmount);
    const refunded = await smtp.waitForMail(shopper.email);
    assert.equal(refunded.subject, `Your refund for ${n} is on its way`);
    const text = refunded.text ?? '';
    assert.ok(text.includes(`${formatPrice(card)} to your gift card (completed)`), text);
    // A mail job reads the order when it runs: the sandbox may have settled the refund by then.
    const gatewayLine = `${formatPrice(gateway)} to your original payment method`;
    assert.ok(text.includes(`${gatewayLine} (pending)`) || text.includes(`${gatewayLine} (completed)`), text);
    // The sandbox gateway settles at once: the shopper then hears the money went out.
    const completed = await smtp.waitForMail(shopper.email);
    assert.equal(completed.subject, `Your refund for ${n} is complete`);
    assert.ok((completed.text ?? '').includes(`${formatPrice(gateway)} to your original payment method (completed)`));
  });

  test('a rejected return is mailed with the store’s note', async () => {
    const order = await deliveredOrder();
    await requestReturn(order);
    await smtp.waitForMail(shopper.email);
    await ops(order, 'reject', { note: 'The tags were removed' });
    const rejected = await smtp.waitForMail(shopper.email);
    assert.equal(rejected.subject, `Your return for ${order.orderNumber} was not approved`);
    assert.match(rejected.text ?? '', /Note: The tags were removed/);
  });
});

describe('npm run ops return actions', () => {
  let baseUrl: string;
  before(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  /** Runs the CLI as `npm run ops` does (tsx src/ops.ts in apps/api) against the listening app. */
  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/ops.ts', ...args],
        { cwd: API_DIR, env: { ...process.env, OPS_API_URL: baseUrl, OPERATOR_TOKEN } },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  test('approve-return, pickup-return and refund-return walk the return to refunded; out of order exits 1', async () => {
    const order = await deliveredOrder();
    await requestReturn(order);
    const n = order.orderNumber;

    const early = await cli('refund-return', n);
    assert.equal(early.code, 1);
    assert.equal(early.stderr.trim(), transitionNotAllowed('requested', 'refunded'));

    const approved = await cli('approve-return', n);
    assert.equal(approved.code, 0, approved.stderr);
    assert.match(approved.stdout, new RegExp(`${n}\\s+return_approved`));
    assert.match(approved.stdout, /Return: approved/);
    const picked = await cli('pickup-return', n);
    assert.equal(picked.code, 0, picked.stderr);
    assert.match(picked.stdout, /Return: picked_up/);
    const refunded = await cli('refund-return', n, '--note', 'Refunded after inspection');
    assert.equal(refunded.code, 0, refunded.stderr);
    assert.match(refunded.stdout, new RegExp(`${n}\\s+refunded`));
    assert.match(refunded.stdout, /Return: refunded/);
    assert.match(refunded.stdout, /Refund: ₹[\d.]+ gateway completed/);
    assert.match(refunded.stdout, /refunded\s+by operator: Refunded after inspection/);
  });

  test('reject-return needs --note, then rejects with it', async () => {
    const order = await deliveredOrder();
    await requestReturn(order);
    const bare = await cli('reject-return', order.orderNumber);
    assert.equal(bare.code, 2);
    assert.match(bare.stderr, /reject-return needs --note/);

    const rejected = await cli('reject-return', order.orderNumber, '--note', 'Worn and washed');
    assert.equal(rejected.code, 0, rejected.stderr);
    assert.match(rejected.stdout, /Return: rejected/);
    const view = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
    const seen = view.json().data.order as Order;
    assert.equal(seen.returnRequest?.status, 'rejected');
    assert.equal(seen.returnRequest?.decisionNote, 'Worn and washed');
  });
});
