import { describe, expect, test } from 'vitest';
import { dataProvider } from './dataProvider';
import { fail, stubAdminApi } from './test/http';

const COUPON = {
  id: 'c1',
  code: 'DIWALI10',
  description: 'Diwali',
  discountType: 'percentage',
  discountValue: 10,
  maxDiscountPaise: 50000,
  minOrderPaise: 0,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  usageLimitPerUser: 1,
  firstOrderOnly: false,
  categoryIds: [],
  productIds: [],
  advertised: true,
  isActive: true,
  state: 'running',
  uses: 0,
  discountedPaise: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('lists', () => {
  test("a paged list asks the API for react-admin's page and filters, and answers its rows and total", async () => {
    const calls = stubAdminApi({ 'GET /orders': { rows: [{ id: 'o1', orderNumber: 'VST-1' }], total: 31 } });
    const answer = await dataProvider.getList('orders', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'id', order: 'DESC' },
      filter: { status: 'paid', q: '', city: undefined },
    });
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ page: '2', perPage: '25', status: 'paid' });
    expect(answer).toEqual({ data: [{ id: 'o1', orderNumber: 'VST-1' }], total: 31 });
  });

  test("the job history is read once and paged in the app, with the queue's depth", async () => {
    const jobs = Array.from({ length: 60 }, (_, i) => ({ id: `j${i}`, name: 'mail', state: 'completed' }));
    const calls = stubAdminApi({ 'GET /jobs': { jobs, depth: 4 } });
    const answer = await dataProvider.getList('jobs', {
      pagination: { page: 2, perPage: 50 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(calls[0]!.query.get('limit')).toBe('200');
    expect(answer.data.map((j) => j.id)).toEqual(Array.from({ length: 10 }, (_, i) => `j${50 + i}`));
    expect(answer).toMatchObject({ total: 60, meta: { depth: 4 } });
  });

  test('a resource without a list is refused without a call', async () => {
    const calls = stubAdminApi({});
    await expect(
      dataProvider.getList('payments', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow('No list of payments');
    expect(calls).toHaveLength(0);
  });
});

describe('records', () => {
  test("an order's record carries its customer, notes and the GST rules of its lines", async () => {
    const note = { id: 'n1', body: 'Called', author: 'Asha', createdAt: '2026-11-02T00:00:00.000Z' };
    stubAdminApi({
      'GET /orders/o1': {
        order: { id: 'o1', orderNumber: 'VST-1' },
        customer: { id: 'u1', name: 'Ravi' },
        notes: [note],
        taxRules: [],
      },
    });
    const { data } = await dataProvider.getOne('orders', { id: 'o1' });
    expect(data).toEqual({
      id: 'o1',
      orderNumber: 'VST-1',
      customer: { id: 'u1', name: 'Ravi' },
      notes: [note],
      taxRules: [],
    });
  });

  test("the API's refusal reaches react-admin as an error with its message and status", async () => {
    stubAdminApi({ 'GET /products/p1': fail(404, 'No such product.') });
    await expect(dataProvider.getOne('products', { id: 'p1' })).rejects.toMatchObject({
      message: 'No such product.',
      status: 404,
    });
  });

  test('an answer that is not what the contract says is an error, not a half-read record', async () => {
    stubAdminApi({ 'POST /coupons/c1/activate': { ...COUPON, discountValue: 'ten' } });
    await expect(dataProvider.setCouponActive('c1', true)).rejects.toThrow(
      "The admin API's answer to /coupons/c1/activate was not understood",
    );
  });

  test('a signed-out call is a 401 react-admin signs out on', async () => {
    stubAdminApi({ 'GET /staff': fail(401, 'Please sign in to the admin.') });
    await expect(
      dataProvider.getList('staff', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Please sign in to the admin.' });
  });
});

describe('writes', () => {
  test('a percentage coupon is sent with its cap, dates as ISO and empty limits as null', async () => {
    const calls = stubAdminApi({ 'POST /coupons': COUPON });
    await dataProvider.create('coupons', {
      data: {
        code: 'DIWALI10',
        description: 'Diwali',
        discountType: 'percentage',
        discountValue: '10',
        maxDiscountPaise: 50000,
        minOrderPaise: '',
        startsAt: '2026-12-01T10:00:00.000Z',
        endsAt: '',
        usageLimit: '',
        usageLimitPerUser: 1,
        categoryIds: ['k1'],
        state: 'running',
      },
    });
    expect(calls[0]!.body).toEqual({
      code: 'DIWALI10',
      description: 'Diwali',
      discountType: 'percentage',
      discountValue: 10,
      maxDiscountPaise: 50000,
      minOrderPaise: 0,
      startsAt: '2026-12-01T10:00:00.000Z',
      endsAt: null,
      usageLimit: null,
      usageLimitPerUser: 1,
      firstOrderOnly: false,
      categoryIds: ['k1'],
      productIds: [],
      advertised: false,
    });
  });

  test('a fixed coupon drops the percentage cap', async () => {
    const calls = stubAdminApi({ 'PUT /coupons/c1': { ...COUPON, discountType: 'fixed' } });
    await dataProvider.update('coupons', {
      id: 'c1',
      data: { code: 'FLAT200', discountType: 'fixed', discountValue: 20000, maxDiscountPaise: 50000 },
      previousData: { id: 'c1' },
    });
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/coupons/c1' });
    expect(calls[0]!.body).toMatchObject({ discountType: 'fixed', discountValue: 20000, maxDiscountPaise: null });
  });

  test("a staff member's edit sends the role and the switch only", async () => {
    const member = {
      id: '00000000-0000-4000-8000-000000000002',
      email: 'ravi@vastra.local',
      name: 'Ravi',
      role: 'support',
      totpEnabled: false,
      disabled: true,
      lastLoginAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const calls = stubAdminApi({ [`PATCH /staff/${member.id}`]: member });
    const { data } = await dataProvider.update('staff', {
      id: member.id,
      data: { ...member, email: 'changed@example.com' },
      previousData: member,
    });
    expect(calls[0]!.body).toEqual({ role: 'support', disabled: true });
    expect(data).toEqual(member);
  });

  test('an invitation sends the email, name and role', async () => {
    const calls = stubAdminApi({ 'POST /staff/invites': { id: 'i1', email: 'new@vastra.local' } });
    await dataProvider.create('staff', { data: { email: 'new@vastra.local', name: 'Meera', role: 'staff', extra: 1 } });
    expect(calls[0]!.body).toEqual({ email: 'new@vastra.local', name: 'Meera', role: 'staff' });
  });

  test('order, return, refund and review actions call their routes', async () => {
    const calls = stubAdminApi({
      'POST /orders/bulk-steps': { moved: ['o1'], refused: [{ id: 'o2', message: 'Already shipped' }] },
      'POST /reviews/r1/restore': fail(404, 'No such review.'),
      'POST /orders/o1/resend-confirmation': { sent: true },
    });
    expect(await dataProvider.bulkSteps(['o1', 'o2'], 'packed')).toEqual({
      moved: ['o1'],
      refused: [{ id: 'o2', message: 'Already shipped' }],
    });
    expect(calls[0]!.body).toEqual({ ids: ['o1', 'o2'], to: 'packed' });
    await expect(dataProvider.moderateReview('r1', null)).rejects.toThrow('No such review.');
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/reviews/r1/restore', body: undefined });
    expect(await dataProvider.resendConfirmation('o1')).toEqual({ sent: true });
  });
});
