/**
 * Cart reminders on two API instances sharing a PostgreSQL database (docs/behaviour.md "Cart
 * reminders"): two workers running the scan at the same moment claim each reminder once, so the
 * shopper (who opted in at sign-up) gets one mail, and the second reminder once too.
 * @postgres: a second instance needs a server database (sameDatabaseAs), and the claim races there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { bearer, register } from '../../test/accounts';
import { pickProducts, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { outboxMailsTo } from '../../test/outbox';
import { CART_REMINDER_SUBJECT } from './reminder-mail';

let ctx: TestContext;
let other: TestContext | null = null;

before(async () => {
  if (!process.env.DATABASE_URL) return;
  ctx = await createTestApp();
  other = await createTestApp({ sameDatabaseAs: ctx });
});
after(async () => {
  await other?.close();
  await ctx?.close();
});

const at = (hours: number) => new Date(Date.now() + hours * 3_600_000);

test(
  'two instances scanning at once send one reminder, then one second reminder',
  { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' },
  async () => {
    const [p] = await pickProducts(ctx.database.db, 1);
    await setStock(ctx.database.db, p!.variants[0]!.id, 10);
    const shopper = await register(ctx.app, { consents: ['cart_reminders'] });
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/cart/add',
      headers: bearer(shopper.token),
      payload: { productId: p!.id, variantId: p!.variants[0]!.id, quantity: 1 },
    });
    assert.equal(added.statusCode, 200, added.body);
    const cartId = added.json().data.cart.id as string;
    const reminders = async () =>
      (await outboxMailsTo(ctx.dataDir, shopper.email)).filter((m) => m.subject === CART_REMINDER_SUBJECT);
    for (const [hours, expected] of [
      [3.1, 1],
      [27.2, 2],
    ] as const) {
      const when = at(hours);
      const claims = await Promise.all([
        ctx.app.cartReminders.scan(when),
        other!.app.cartReminders.scan(when),
        ctx.app.cartReminders.scan(when),
        other!.app.cartReminders.scan(when),
      ]);
      assert.equal(claims.flat().filter((id) => id === cartId).length, 1, `one claim at ${hours} h`);
      await Promise.all([ctx.app.jobs.idle(), other!.app.jobs.idle()]);
      assert.equal((await reminders()).length, expected);
    }
  },
);
