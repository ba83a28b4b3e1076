/**
 * Grievances (behaviour.md "Grievances", docs/admin.md "Grievances") through HTTP: a guest and a
 * signed-in shopper lodge one and are answered at once with a GRV number, acknowledged, and
 * mailed the number and the resolve-by date; the clocks (48 hours, one calendar month, 31
 * January → the end of February); an order named by a guest with another email or by a shopper
 * not theirs is refused; validation; the rate limit; the lookup by number and email (another's
 * is 404); the admin queue with overdue ones, the roles, the status changes with the resolution
 * mailed and shown, and the audit entries.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { GRIEVANCE_MESSAGES, type AdminGrievance, type AdminRole, type Grievance } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { grievances } from '../../db/schema';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertOrder, type TestOrder } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { acknowledgeByOf, addCalendarMonths, resolveByOf } from './clocks';
import { GRIEVANCES_PER_HOUR } from './routes';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let stranger: Account;
let shopperOrder: TestOrder;

const DESCRIPTION = 'The kurta arrived torn at the seam and nobody answers my calls.';

before(async () => {
  ctx = await createTestApp({
    env: {
      GRIEVANCE_OFFICER_NAME: 'Priya Nair',
      GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@vastra.test',
    },
  });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
  stranger = await register(ctx.app, { name: 'Ravi Menon' });
  shopperOrder = await insertOrder(ctx.database.db, { userId: shopper.userId, status: 'delivered' });
  // Order numbers are upper case, as the store issues them (VST-001234).
  shopperOrder.orderNumber = shopperOrder.orderNumber.toUpperCase();
  await ctx.database.db.execute(
    sql`UPDATE orders SET order_number = ${shopperOrder.orderNumber} WHERE id = ${shopperOrder.id}::uuid`,
  );
});
after(() => ctx.close());

function lodge(body: Record<string, unknown>, options: { token?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/grievances',
    remoteAddress: options.ip ?? freshIp(),
    headers: options.token ? bearer(options.token) : {},
    payload: {
      name: 'Asha Rao',
      email: 'asha.guest@example.com',
      category: 'delivery',
      description: DESCRIPTION,
      ...body,
    },
  });
}

async function lodged(body: Record<string, unknown>, token?: string): Promise<Grievance> {
  const res = await lodge(body, { token });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(res.json().message, GRIEVANCE_MESSAGES.lodged);
  return res.json().data.grievance;
}

function lookup(number: string, email: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/grievances/lookup',
    remoteAddress: freshIp(),
    payload: { number, email },
  });
}

const idOf = async (number: string) =>
  (await ctx.database.db.select({ id: grievances.id }).from(grievances).where(eq(grievances.number, number)))[0]!.id;

describe('the clocks', () => {
  test('acknowledge by is 48 hours after lodging', () => {
    const at = new Date('2026-03-10T09:15:00Z');
    assert.equal(acknowledgeByOf(at).toISOString(), '2026-03-12T09:15:00.000Z');
  });

  test('resolve by is one calendar month later in India, the month’s last day when it has no such day', () => {
    // 15 March 14:45 IST → 15 April 14:45 IST.
    assert.equal(resolveByOf(new Date('2026-03-15T09:15:00Z')).toISOString(), '2026-04-15T09:15:00.000Z');
    // 31 January (India) → 28 February 2026, 29 February in a leap year.
    assert.equal(resolveByOf(new Date('2026-01-31T06:30:00Z')).toISOString(), '2026-02-28T06:30:00.000Z');
    assert.equal(resolveByOf(new Date('2028-01-31T06:30:00Z')).toISOString(), '2028-02-29T06:30:00.000Z');
    // 31 January 00:30 IST is still 30 January in UTC: the Indian day counts.
    assert.equal(resolveByOf(new Date('2026-01-30T19:00:00Z')).toISOString(), '2026-02-27T19:00:00.000Z');
    // December → January of the next year; 31 March → 30 April.
    assert.equal(addCalendarMonths(new Date('2026-12-20T04:00:00Z'), 1).toISOString(), '2027-01-20T04:00:00.000Z');
    assert.equal(resolveByOf(new Date('2026-03-31T04:00:00Z')).toISOString(), '2026-04-30T04:00:00.000Z');
  });
});

describe('lodging', () => {
  test('a guest gets a number at once, acknowledged, and a mail naming it and the resolve-by date', async () => {
    const before = Date.now();
    const g = await lodged({ email: 'Asha.Guest@Example.com', phone: '+91 98450 12345' });
    assert.match(g.number, /^GRV-\d{4}-\d{6}$/);
    assert.equal(g.status, 'acknowledged');
    assert.equal(g.orderNumber, null);
    const lodgedAt = Date.parse(g.lodgedAt);
    assert.ok(lodgedAt >= before - 1000 && lodgedAt <= Date.now());
    assert.equal(g.acknowledgedAt, g.lodgedAt, 'acknowledged when the number is issued');
    assert.equal(Date.parse(g.acknowledgeBy) - lodgedAt, 48 * 3_600_000);
    assert.equal(g.resolveBy, resolveByOf(new Date(g.lodgedAt)).toISOString());
    await ctx.app.jobs.idle();
    const [mail] = await outboxMailsTo(ctx.dataDir, 'asha.guest@example.com');
    assert.ok(mail, 'the acknowledgement mail');
    assert.ok(mail.subject?.includes(g.number), mail.subject);
    const resolveBy = new Intl.DateTimeFormat('en-IN', { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(
      new Date(g.resolveBy),
    );
    assert.ok(mail.text?.includes(`We will resolve it by ${resolveBy}`), mail.text);
    assert.ok(
      mail.text?.includes('Grievance officer: Priya Nair (Grievance Officer) · grievance@vastra.test'),
      mail.text,
    );
  });

  test('numbers are unique and follow each other', async () => {
    const a = await lodged({});
    const b = await lodged({});
    assert.notEqual(a.number, b.number);
    assert.equal(Number(b.number.slice(-6)), Number(a.number.slice(-6)) + 1);
  });

  test('a signed-in shopper names an order of theirs; it shows on their account, not on another’s', async () => {
    const g = await lodged(
      { email: shopper.email, orderNumber: shopperOrder.orderNumber.toLowerCase(), category: 'order' },
      shopper.token,
    );
    assert.equal(g.orderNumber, shopperOrder.orderNumber);
    const mine = await ctx.app.inject({ method: 'GET', url: '/grievances', headers: bearer(shopper.token) });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(
      mine.json().data.grievances.map((x: Grievance) => x.number),
      [g.number],
    );
    const theirs = await ctx.app.inject({ method: 'GET', url: '/grievances', headers: bearer(stranger.token) });
    assert.deepEqual(theirs.json().data.grievances, []);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/grievances' })).statusCode, 401);
  });

  test('a shopper naming another’s order, or a guest naming one with another email, is refused', async () => {
    const other = await lodge(
      { email: stranger.email, orderNumber: shopperOrder.orderNumber },
      { token: stranger.token },
    );
    assert.equal(other.statusCode, 400, other.body);
    assert.equal(other.json().message, GRIEVANCE_MESSAGES.orderNotYours);
    const wrongEmail = await lodge({ email: 'someone@example.com', orderNumber: shopperOrder.orderNumber });
    assert.equal(wrongEmail.statusCode, 400);
    assert.equal(wrongEmail.json().message, GRIEVANCE_MESSAGES.orderEmailMismatch);
    const noSuch = await lodge({ email: shopper.email, orderNumber: 'VST-NOPE' });
    assert.equal(noSuch.json().message, GRIEVANCE_MESSAGES.orderEmailMismatch, 'no hint that the order exists');
    // The guest with the order's email is accepted.
    const guest = await lodged({ email: shopper.email.toUpperCase(), orderNumber: shopperOrder.orderNumber });
    assert.equal(guest.orderNumber, shopperOrder.orderNumber);
    const [count] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM grievances WHERE email = 'someone@example.com'`,
    );
    assert.equal(count!.n, 0, 'nothing stored for the refused ones');
  });

  test('validation: a short description, a bad email or phone, an unknown category, over-long text', async () => {
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ description: 'Bad.' }, GRIEVANCE_MESSAGES.description],
      [{ phone: '12' }, GRIEVANCE_MESSAGES.phone],
      [{ email: 'not-an-email' }, /email/i],
      [{ category: 'lottery' }, /category/],
      [{ description: 'x'.repeat(2001) }, /description/],
      [{ name: '' }, /name/],
    ];
    for (const [body, message] of cases) {
      const res = await lodge(body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      const said: string = res.json().message;
      assert.ok(typeof message === 'string' ? said.includes(message) : message.test(said), said);
    }
  });

  test(`a client address may lodge ${GRIEVANCES_PER_HOUR} an hour; the next is 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < GRIEVANCES_PER_HOUR; i += 1) assert.equal((await lodge({}, { ip })).statusCode, 201);
    const over = await lodge({}, { ip });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().message, GRIEVANCE_MESSAGES.tooMany);
    assert.ok(Number(over.headers['retry-after']) > 0);
  });
});

describe('the lookup by number and email', () => {
  test('shows the grievance to its complainant; another email or number is 404', async () => {
    const g = await lodged({ email: 'lookup@example.com' });
    const own = await lookup(g.number.toLowerCase(), 'LOOKUP@example.com');
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().data.grievance.number, g.number);
    assert.equal(own.json().data.grievance.email, undefined, 'no personal details in the answer');
    for (const res of [
      await lookup(g.number, 'someone.else@example.com'),
      await lookup('GRV-2020-999999', 'lookup@example.com'),
    ]) {
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().message, GRIEVANCE_MESSAGES.notFound);
    }
  });
});

describe('the admin queue', () => {
  let open: Grievance;
  let overdue: Grievance;

  before(async () => {
    open = await lodged({ email: 'queue@example.com' });
    overdue = await lodged({ email: 'late@example.com' });
    await ctx.database.db
      .update(grievances)
      .set({ resolveBy: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(grievances.number, overdue.number));
  });

  const list = (filter: string, who = team.support) =>
    asStaff(ctx.app, who, 'GET', `/admin/api/grievances?filter=${filter}&perPage=200`);

  test('open ones come soonest resolve-by first, with days left; overdue ones are marked and filtered', async () => {
    const res = await list('open');
    assert.equal(res.statusCode, 200, res.body);
    const rows: AdminGrievance[] = res.json().data.rows;
    assert.equal(rows[0]!.number, overdue.number, 'the overdue one first');
    assert.equal(rows[0]!.overdue, true);
    assert.ok(rows[0]!.daysLeft! <= -1);
    const fresh = rows.find((r) => r.number === open.number)!;
    assert.equal(fresh.overdue, false);
    assert.ok(fresh.daysLeft! >= 28 && fresh.daysLeft! <= 31, String(fresh.daysLeft));
    assert.equal(fresh.email, 'queue@example.com');
    const late: AdminGrievance[] = (await list('overdue')).json().data.rows;
    assert.deepEqual(
      late.map((r) => r.number),
      [overdue.number],
    );
  });

  test('signed out is 401; support reads but may not change a status (403); staff and owner may', async () => {
    const id = await idOf(open.number);
    const anon = await ctx.app.inject({ method: 'GET', url: '/admin/api/grievances' });
    assert.equal(anon.statusCode, 401);
    assert.equal((await asStaff(ctx.app, team.support, 'GET', `/admin/api/grievances/${id}`)).statusCode, 200);
    const refused = await asStaff(ctx.app, team.support, 'POST', `/admin/api/grievances/${id}/status`, {
      status: 'in_progress',
    });
    assert.equal(refused.statusCode, 403);
    const moved = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/grievances/${id}/status`, {
      status: 'in_progress',
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.equal(moved.json().data.status, 'in_progress');
    const again = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/grievances/${id}/status`, {
      status: 'in_progress',
    });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, GRIEVANCE_MESSAGES.alreadyInProgress);
  });

  test('resolving needs a resolution; it is mailed, shown to the complainant, closed for good and audited', async () => {
    const id = await idOf(open.number);
    const path = `/admin/api/grievances/${id}/status`;
    const empty = await asStaff(ctx.app, team.owner, 'POST', path, { status: 'resolved', resolution: ' ' });
    assert.equal(empty.statusCode, 400);
    assert.ok(empty.json().message.includes(GRIEVANCE_MESSAGES.resolutionRequired), empty.body);
    const resolution = 'We sent a replacement kurta by Delhivery, AWB 123456789.';
    const res = await asStaff(ctx.app, team.owner, 'POST', path, { status: 'resolved', resolution });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.overdue, false);
    assert.equal(res.json().data.daysLeft, null);

    const seen = (await lookup(open.number, 'queue@example.com')).json().data.grievance as Grievance;
    assert.equal(seen.status, 'resolved');
    assert.equal(seen.resolution, resolution);
    assert.ok(seen.closedAt);

    await ctx.app.jobs.idle();
    const mails = await outboxMailsTo(ctx.dataDir, 'queue@example.com');
    assert.equal(mails.length, 2, 'the acknowledgement and the resolution');
    assert.equal(mails[1]!.subject, `Your grievance ${open.number}: Resolved`);
    assert.ok(mails[1]!.text?.includes(resolution));

    const reopen = await asStaff(ctx.app, team.owner, 'POST', path, { status: 'rejected', resolution: 'No.' });
    assert.equal(reopen.statusCode, 409);
    assert.equal(reopen.json().message, GRIEVANCE_MESSAGES.alreadyClosed);

    const audit = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?entity=grievance&entityId=${id}`);
    assert.equal(audit.statusCode, 200, audit.body);
    const entries = audit.json().data.rows as {
      action: string;
      actor: { email: string };
      before: AdminGrievance;
      after: AdminGrievance;
    }[];
    const closing = entries.find((e) => e.after.status === 'resolved')!;
    assert.equal(closing.action, 'grievance.status');
    assert.equal(closing.actor.email, team.owner.email);
    assert.equal(closing.before.status, 'in_progress');
    assert.ok(entries.some((e) => e.actor.email === team.staff.email && e.after.status === 'in_progress'));
  });

  test('an unknown id is 404', async () => {
    const res = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/grievances/00000000-0000-4000-8000-000000000000');
    assert.equal(res.statusCode, 404);
  });
});
