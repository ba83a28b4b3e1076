/**
 * Store credit through HTTP (behaviour.md "Store credit", docs/admin.md "Customers"): the owner
 * credits and debits with a reason (audited, staff and support may not), the balance is the
 * ledger's sum, a shopper sees only their own ledger, promotional credit expires after the
 * store's setting while refund credit stays, checkout spends all or part of the balance beside
 * the sandbox gateway or cash on delivery, a cancellation or a failed payment gives the order's
 * part back, and a cash on delivery return is refunded to the store credit by default.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { WALLET_MESSAGES, rupeesToPaise, type Order, type Wallet } from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { WalletService } from './service';

let ctx: TestContext;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;
let pieces: Piece[];

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  pieces = await piecesOf(ctx, 2, { blocked: false, pricePaise: 99_900 });
});
after(() => ctx.close());

async function walletOf(account: Account): Promise<Wallet> {
  const res = await ctx.app.inject({ method: 'GET', url: '/wallet', headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: Wallet }).data;
}

async function adjust(who: StaffLogin, userId: string, body: Record<string, unknown>) {
  return asStaff(ctx.app, who, 'POST', `/admin/api/customers/${userId}/wallet`, body);
}

async function credit(account: Account, amount: number, reason = 'Goodwill for a late delivery') {
  const res = await adjust(team.owner, account.userId, { direction: 'credit', amount, reason });
  assert.equal(res.statusCode, 200, res.body);
}

function order(account: Account, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(account.token),
    payload: {
      items: [{ productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
      ...body,
    },
  });
}

describe('the ledger', () => {
  test('the owner credits and debits with a reason, audited; the balance is the sum of the entries', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 500);
    const debited = await adjust(team.owner, shopper.userId, {
      direction: 'debit',
      amount: 120.5,
      reason: 'Credited twice by mistake',
    });
    assert.equal(debited.statusCode, 200, debited.body);
    const wallet = (debited.json() as { data: Wallet }).data;
    assert.equal(wallet.balance, 379.5);
    assert.deepEqual(
      wallet.entries.map((e) => [e.kind, e.source, e.amount, e.reason]),
      [
        ['debit', 'staff', -120.5, 'Credited twice by mistake'],
        ['credit', 'promotion', 500, 'Goodwill for a late delivery'],
      ],
    );
    assert.equal(
      wallet.balance,
      wallet.entries.reduce((s, e) => s + e.amount, 0),
    );
    assert.deepEqual(await walletOf(shopper), wallet, 'the shopper sees the same ledger');

    const audit = await asStaff(
      ctx.app,
      team.owner,
      'GET',
      `/admin/api/audit?action=customer.wallet&entityId=${shopper.userId}`,
    );
    const rows = (audit.json() as { data: { rows: { actor: { email: string }; after: Wallet; before: Wallet }[] } })
      .data.rows;
    assert.equal(rows.length, 2);
    assert.equal(rows[0]!.actor.email, team.owner.email);
    assert.equal(rows[0]!.before.balance, 500);
    assert.equal(rows[0]!.after.balance, 379.5);
  });

  test('a debit above the balance is refused; staff and support may read but not change it', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 100);
    const over = await adjust(team.owner, shopper.userId, { direction: 'debit', amount: 100.01, reason: 'Too much' });
    assert.equal(over.statusCode, 400);
    assert.equal(over.json().message, WALLET_MESSAGES.notEnough);
    const noReason = await adjust(team.owner, shopper.userId, { direction: 'credit', amount: 10, reason: ' ' });
    assert.equal(noReason.statusCode, 400);
    for (const who of [team.staff, team.support]) {
      assert.equal(
        (await adjust(who, shopper.userId, { direction: 'credit', amount: 10, reason: 'x' })).statusCode,
        403,
      );
      const read = await asStaff(ctx.app, who, 'GET', `/admin/api/customers/${shopper.userId}/wallet`);
      assert.equal(read.statusCode, 200);
      assert.equal((read.json() as { data: Wallet }).data.balance, 100);
    }
  });

  test('a shopper sees only their own ledger; an unknown customer is a 404', async () => {
    const rich = await register(ctx.app);
    const other = await register(ctx.app);
    await credit(rich, 250);
    assert.deepEqual(await walletOf(other), { balance: 0, entries: [] });
    const guest = await ctx.app.inject({ method: 'GET', url: '/wallet' });
    assert.equal(guest.statusCode, 401);
    const unknown = await asStaff(
      ctx.app,
      team.owner,
      'GET',
      '/admin/api/customers/00000000-0000-4000-8000-000000000000/wallet',
    );
    assert.equal(unknown.statusCode, 404);
    const unknownCredit = await adjust(team.owner, '00000000-0000-4000-8000-000000000000', {
      direction: 'credit',
      amount: 10,
      reason: 'Nobody',
    });
    assert.equal(unknownCredit.statusCode, 404);
  });
});

describe('expiry', () => {
  test('promotional credit expires after the store setting, less what was spent; refund credit never does', async () => {
    const settings = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/store-settings');
    const current = (settings.json() as { data: { settings: Record<string, unknown> } }).data.settings;
    const saved = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/store-settings', {
      ...current,
      storeCreditExpiryDays: 30,
    });
    assert.equal(saved.statusCode, 200, saved.body);

    const shopper = await register(ctx.app);
    await credit(shopper, 300, 'Diwali offer');
    const [promo] = (await walletOf(shopper)).entries;
    const days = (Date.parse(promo!.expiresAt!) - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `expires in 30 days, not ${days}`);

    // A COD order of ₹ 999 spends the ₹ 300 promotional credit.
    const placed = await order(shopper, { useStoreCredit: true });
    assert.equal(placed.statusCode, 201, placed.body);
    const o = (placed.json() as { data: { order: Order } }).data.order;
    assert.equal(o.walletAmount, 300);
    // Then ₹ 200 more promotional credit, spent in part by the owner's debit of ₹ 50.
    await credit(shopper, 200, 'Second offer');
    await adjust(team.owner, shopper.userId, { direction: 'debit', amount: 50, reason: 'Correction' });
    await ctx.database.db.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, source, amount_paise, reason)
          VALUES (${shopper.userId}::uuid, 'credit', 'refund', 7500, 'Refund of a return')`,
    );
    const wallet = new WalletService({ db: ctx.database.db, promotionalExpiryDays: async () => 30 });
    assert.equal(await wallet.expireAll(new Date(Date.now() + 29 * 86_400_000)), 0, 'nothing is due yet');
    assert.ok((await wallet.expireAll(new Date(Date.now() + 31 * 86_400_000))) >= 1);
    const after = await walletOf(shopper);
    const expiries = after.entries.filter((e) => e.kind === 'expiry');
    assert.deepEqual(
      expiries.map((e) => e.amount),
      [-150],
      'the ₹ 200 offer less the ₹ 50 debit (taken from the credit that expires first) runs out',
    );
    assert.equal(after.balance, 75, 'the refund credit stays');
    assert.equal(await wallet.expireAll(new Date(Date.now() + 40 * 86_400_000)), 0, 'an expiry is written once');

    await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/store-settings', { ...current, storeCreditExpiryDays: null });
  });
});

describe('at checkout', () => {
  test('store credit pays part of an order and the sandbox gateway the rest', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 400);
    const res = await order(shopper, { paymentMethod: 'sandbox', useStoreCredit: true });
    assert.equal(res.statusCode, 201, res.body);
    const placed = (res.json() as { data: { order: Order } }).data.order;
    assert.equal(placed.walletAmount, 400);
    assert.equal(placed.amountPayable, Math.round((placed.totalAmount - 400) * 100) / 100);
    assert.equal(placed.status, 'pending_payment');
    const [payment] = await queryRows<{ amount_paise: number }>(
      ctx.database.db,
      sql`SELECT amount_paise FROM payments WHERE order_id = ${placed.id}::uuid`,
    );
    assert.equal(payment!.amount_paise, rupeesToPaise(placed.amountPayable), 'the gateway asks only for the rest');
    const wallet = await walletOf(shopper);
    assert.equal(wallet.balance, 0);
    assert.deepEqual(
      wallet.entries.map((e) => [e.kind, e.amount, e.orderNumber]),
      [
        ['debit', -400, placed.orderNumber],
        ['credit', 400, null],
      ],
    );
  });

  test('an online order whose payment fails gives its store credit part back', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 200);
    const res = await order(shopper, { paymentMethod: 'sandbox', useStoreCredit: true });
    const placed = (res.json() as { data: { order: Order } }).data.order;
    assert.equal((await walletOf(shopper)).balance, 0);
    const failed = await ctx.app.inject({
      method: 'POST',
      url: new URL(placed.paymentUrl!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=failure',
    });
    assert.equal(failed.statusCode, 303, failed.body);
    const wallet = await walletOf(shopper);
    assert.equal(wallet.balance, 200);
    assert.deepEqual(
      wallet.entries.map((e) => [e.kind, e.amount]),
      [
        ['reversal', 200],
        ['debit', -200],
        ['credit', 200],
      ],
    );
  });

  test('without useStoreCredit the balance is left alone; a balance above the total pays it all', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 5000);
    const plain = (await order(shopper, {})).json() as { data: { order: Order } };
    assert.equal(plain.data.order.walletAmount, 0);
    const res = await order(shopper, { paymentMethod: 'sandbox', useStoreCredit: true });
    assert.equal(res.statusCode, 201, res.body);
    const paid = (res.json() as { data: { order: Order } }).data.order;
    assert.equal(paid.walletAmount, paid.totalAmount);
    assert.equal(paid.amountPayable, 0);
    assert.equal(paid.status, 'placed');
    assert.equal(paid.paymentStatus, 'completed');
    assert.equal((await walletOf(shopper)).balance, Math.round((5000 - paid.totalAmount) * 100) / 100);
  });

  test('a cancelled order gives its store credit part back as a reversal', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 250);
    const placed = ((await order(shopper, { useStoreCredit: true })).json() as { data: { order: Order } }).data.order;
    assert.equal(placed.walletAmount, 250);
    assert.equal((await walletOf(shopper)).balance, 0);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${placed.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'Ordered the wrong size' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const view = (cancelled.json() as { data: { order: Order } }).data.order;
    assert.deepEqual(
      view.refunds.map((r) => [r.method, r.amount, r.status]),
      [['wallet', 250, 'completed']],
    );
    const wallet = await walletOf(shopper);
    assert.equal(wallet.balance, 250);
    assert.deepEqual(wallet.entries[0] && [wallet.entries[0].kind, wallet.entries[0].amount], ['reversal', 250]);
  });

  test('a paid order cancelled to the store credit credits what was paid at once', async () => {
    const shopper = await register(ctx.app);
    const placed = await placePaidOrder(ctx, shopper, {
      items: [{ productId: pieces[1]!.productId, variantId: pieces[1]!.variantId, quantity: 1 }],
    });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${placed.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'Changed my mind', refundTo: 'wallet' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const view = (cancelled.json() as { data: { order: Order } }).data.order;
    assert.deepEqual(
      view.refunds.map((r) => [r.method, r.amount]),
      [['wallet', placed.totalAmount]],
      'no gateway refund',
    );
    const wallet = await walletOf(shopper);
    assert.equal(wallet.balance, placed.totalAmount);
    assert.equal(wallet.entries[0]!.source, 'refund');
    assert.equal(wallet.entries[0]!.expiresAt, null, 'refund credit never expires');
  });
});

describe('returns', () => {
  test('a cash on delivery return is refunded to the store credit by default', async () => {
    const shopper = await register(ctx.app);
    const placed = ((await order(shopper, {})).json() as { data: { order: Order } }).data.order;
    await deliver(ctx, placed.id);
    const res = await sendReturn(ctx, shopper, placed.id, { reason: 'size' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.data.returnRequest.refundTo, 'wallet');
    for (const step of ['approve', 'pickup', 'refund']) {
      const moved = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${placed.id}/return/${step}`, {});
      assert.equal(moved.statusCode, 200, moved.body);
    }
    const wallet = await walletOf(shopper);
    assert.equal(wallet.balance, placed.totalAmount);
    assert.deepEqual(
      wallet.entries.map((e) => [e.kind, e.source, e.orderNumber, e.expiresAt]),
      [['credit', 'refund', placed.orderNumber, null]],
    );
    const [refund] = await queryRows<{ method: string; status: string; amount_paise: number }>(
      ctx.database.db,
      sql`SELECT method, status, amount_paise FROM refunds WHERE order_id = ${placed.id}::uuid`,
    );
    assert.deepEqual(refund, {
      method: 'wallet',
      status: 'completed',
      amount_paise: rupeesToPaise(placed.totalAmount),
    });
  });

  test('a return of an order paid partly with store credit gives that share back to it', async () => {
    const shopper = await register(ctx.app);
    await credit(shopper, 300);
    const placed = await placePaidOrder(ctx, shopper, {
      items: [{ productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity: 1 }],
      useStoreCredit: true,
    });
    await deliver(ctx, placed.id);
    const res = await sendReturn(ctx, shopper, placed.id, { reason: 'fit' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const request = res.body.data.returnRequest;
    assert.equal(request.refundTo, 'original');
    assert.equal(request.walletRefundAmount, 300);
    assert.equal(request.gatewayRefundAmount, placed.amountPayable);
    for (const step of ['approve', 'pickup', 'refund']) {
      await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${placed.id}/return/${step}`, {});
    }
    assert.equal((await walletOf(shopper)).balance, 300);
    const refunds = await queryRows<{ method: string; amount_paise: number }>(
      ctx.database.db,
      sql`SELECT method, amount_paise FROM refunds WHERE order_id = ${placed.id}::uuid ORDER BY method`,
    );
    assert.deepEqual(refunds, [
      { method: 'gateway', amount_paise: rupeesToPaise(placed.amountPayable) },
      { method: 'wallet', amount_paise: 30_000 },
    ]);
  });
});
