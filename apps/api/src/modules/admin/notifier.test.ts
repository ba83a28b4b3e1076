/**
 * The store's own mails (docs/admin.md): new orders and return requests since the last run go
 * out as one mail (batched), nothing is repeated on the next run, an empty run mails nothing,
 * and the daily summary goes once a day from the summary hour.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { deliver, piecesOf, placePaidOrder, sendReturn } from '../../test/returns';

const STORE = 'orders@vastra.example';
let ctx: TestContext;
let shopper: Account;

before(async () => {
  ctx = await createTestApp({
    env: { ...MANY_ORDERS_ENV, STORE_NOTIFY_EMAIL: STORE, STORE_NOTIFY_MINUTES: '0', STORE_SUMMARY_HOUR: '9' },
  });
  shopper = await register(ctx.app, { name: 'Farah Khan' });
});
after(() => ctx.close());

test('new orders and a return request go out in one mail, once', async () => {
  const notifier = ctx.app.storeNotifier!;
  const start = new Date(Date.now() - 1000);
  await notifier.sendNew(start);
  const [piece] = await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 });
  const items = [{ productId: piece!.productId, variantId: piece!.variantId, quantity: 1 }];
  const first = await placePaidOrder(ctx, shopper, { items });
  const second = await placePaidOrder(ctx, shopper, { items });
  await deliver(ctx, first.id);
  assert.equal((await sendReturn(ctx, shopper, first.id, { reason: 'colour' })).status, 201);

  const sent = await notifier.sendNew(new Date(Date.now() + 1000));
  assert.deepEqual(sent, { orders: 2, returns: 1 });
  const mails = await outboxMailsTo(ctx.dataDir, STORE);
  assert.equal(mails.length, 1);
  assert.equal(mails[0]!.subject, 'Vastra: 2 new orders and 1 return request');
  for (const number of [first.orderNumber, second.orderNumber]) assert.ok(mails[0]!.text!.includes(`Order ${number}`));
  assert.ok(mails[0]!.text!.includes(`Return of ${first.orderNumber}`));

  assert.deepEqual(await notifier.sendNew(new Date(Date.now() + 2000)), { orders: 0, returns: 0 });
  assert.equal((await outboxMailsTo(ctx.dataDir, STORE)).length, 1, 'an empty run mails nothing');
});

test('the daily summary goes once a day, from the summary hour (India time)', async () => {
  const notifier = ctx.app.storeNotifier!;
  const at = (ist: string) => new Date(`${ist}+05:30`);
  assert.equal(await notifier.sendDailySummary(at('2026-11-26T08:59:00')), false, 'before 9:00');
  assert.equal(await notifier.sendDailySummary(at('2026-11-26T09:01:00')), true);
  assert.equal(await notifier.sendDailySummary(at('2026-11-26T18:00:00')), false, 'once that day');
  assert.equal(await notifier.sendDailySummary(at('2026-11-27T09:30:00')), true, 'the next day again');
  const summaries = (await outboxMailsTo(ctx.dataDir, STORE)).filter((m) => m.subject?.startsWith('Vastra daily'));
  assert.deepEqual(
    summaries.map((m) => m.subject),
    ['Vastra daily summary for 2026-11-25', 'Vastra daily summary for 2026-11-26'],
  );
  assert.match(summaries[0]!.text!, /Returns waiting: \d+/);
});
