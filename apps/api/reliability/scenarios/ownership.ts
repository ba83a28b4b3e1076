/**
 * Scenario 5: shopper B calls every owner-scoped route with shopper A's ids and must get 404
 * (docs/architecture.md "Ownership"). A first makes one of everything: an address, a wishlist
 * entry, a cart line, a delivered COD order (moved on by the operator token on /admin/api) with a return and
 * its photo, refunded so that the credit note exists. Each id is shown to work for A, so a 404
 * for B means "not yours", not "no such thing"; after B's writes, A's things are checked intact.
 */
import sharp from 'sharp';
import { BENGALURU_ADDRESS } from '../../src/test/orders';
import { as, call, orderBody, registerShopper, type Answer, type Shopper } from '../client';
import { line, takeSizes } from '../fixtures';
import type { Stack } from '../stack';
import { checks, type Scenario } from './types';

type Probe = { area: string; method: string; path: string; json?: unknown; form?: () => Promise<FormData> };

async function returnForm(items?: { orderItemId: string; quantity: number }[]): Promise<FormData> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('reason', 'damaged');
  form.append('comment', 'The seam is torn.');
  if (items) form.append('items', JSON.stringify(items));
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'torn.png');
  return form;
}

const must = (answer: Answer, status: number, what: string): Answer => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer;
};

/** What A owns, made through the API; every id shown to answer A. */
async function makeOwnerThings(stack: Stack, a: Shopper) {
  const base = stack.url;
  // The store's steps, through the admin API with the operator token (as `npm run ops` does).
  const admin = (path: string, json: unknown) =>
    call(base, 'POST', `/admin/api${path}`, { token: stack.operatorToken, json }).then((r) =>
      must(r, 200, `POST /admin/api${path}`),
    );
  const address = must(await call(base, 'POST', '/addresses', as(a, { json: BENGALURU_ADDRESS })), 201, 'add address')
    .body.data.address.id as string;
  // One size for the wishlist, one for the cart (not ordered: an order closes its cart lines), three ordered.
  const sizes = await takeSizes(stack.db, 5, 10);
  const wish = must(
    await call(
      base,
      'POST',
      '/wishlist/add',
      as(a, { json: { productId: sizes[0]!.productId, variantId: sizes[0]!.variantId } }),
    ),
    201,
    'wishlist add',
  ).body.data.item.id as string;
  const cart = must(
    await call(
      base,
      'POST',
      '/cart/add',
      as(a, { json: { productId: sizes[1]!.productId, variantId: sizes[1]!.variantId } }),
    ),
    200,
    'cart add',
  ).body.data;
  const cartLine = (cart.cart ?? cart).items[0].id as string;
  const order = must(
    await call(base, 'POST', '/orders', as(a, { json: orderBody(sizes.slice(2).map((s) => line(s))) })),
    201,
    'place order',
  ).body.data.order;
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    await admin(`/orders/${order.id}/steps`, {
      to,
      ...(to === 'shipped' ? { courier: 'Delhivery', awb: 'AWB123456' } : {}),
    });
  }
  const returned = must(
    await call(base, 'POST', `/orders/${order.id}/return`, as(a, { body: await returnForm() })),
    201,
    'request a return',
  ).body.data.returnRequest;
  for (const step of ['approve', 'pickup', 'refund']) await admin(`/orders/${order.id}/return/${step}`, {});
  const fileUrl: string = returned.files?.[0]?.url ?? '';
  const fileId = fileUrl.split('/').pop() ?? '';
  const orderItemId = order.items[0].id as string;
  return {
    address,
    wish,
    cartLine,
    orderId: order.id as string,
    orderItemId,
    returnId: returned.id as string,
    fileId,
    sizes,
  };
}

type Things = Awaited<ReturnType<typeof makeOwnerThings>>;

/** Whether each of A's things is there for A, as A left it: every id answers A. */
async function stateOfA(stack: Stack, a: Shopper, t: Things): Promise<{ what: string; ok: boolean }[]> {
  const get = (path: string) => call(stack.url, 'GET', path, as(a));
  const order = (await get(`/orders/getOrderConfirmation/${t.orderId}`)).body?.data?.order;
  const book = (await get('/addresses')).body?.data?.addresses ?? [];
  const cart = (await get('/cart')).body?.data;
  const cartLine = (cart?.cart ?? cart)?.items?.find((i: { id: string }) => i.id === t.cartLine);
  const wishlist = (await get('/wishlist/ids')).text;
  const state = [
    { what: `order (${order?.status})`, ok: order?.status === 'refunded' && !order?.hidden },
    {
      what: 'address',
      ok: book.some((x: { id: string; street: string }) => x.id === t.address && x.street === BENGALURU_ADDRESS.street),
    },
    { what: 'wishlist entry', ok: wishlist.includes(t.sizes[0]!.productId) },
    { what: `cart line (${cartLine?.quantity ?? 'gone'})`, ok: cartLine?.quantity === 1 },
  ];
  for (const path of [
    `/orders/${t.orderId}/invoice`,
    `/orders/returns/${t.returnId}/credit-note`,
    `/orders/returns/files/${t.fileId}`,
    `/api/shipping/track/${t.orderId}`,
    `/orders/${t.orderId}/payment-status`,
  ]) {
    const status = (await get(path)).status;
    state.push({ what: `GET ${path} → ${status}`, ok: status === 200 });
  }
  return state;
}

export const ownership: Scenario = {
  id: 5,
  name: 'owner scope',
  summary: "shopper B calls every owner-scoped route with shopper A's ids",
  async run(stack) {
    const [a, b] = [await registerShopper(stack.url, 'owner-a'), await registerShopper(stack.url, 'owner-b')];
    const t = await makeOwnerThings(stack, a);
    const probes: Probe[] = [
      { area: 'orders', method: 'GET', path: `/orders/getOrderConfirmation/${t.orderId}` },
      { area: 'orders', method: 'GET', path: `/orders/${t.orderId}` },
      { area: 'orders', method: 'GET', path: `/orders/${t.orderId}/payment-status` },
      { area: 'orders', method: 'POST', path: `/orders/${t.orderId}/cancel`, json: { reason: 'Changed my mind' } },
      { area: 'orders', method: 'DELETE', path: `/orders/${t.orderId}` },
      { area: 'orders', method: 'GET', path: `/api/shipping/track/${t.orderId}` },
      { area: 'returns', method: 'POST', path: `/orders/${t.orderId}/return`, form: returnForm },
      {
        area: 'returns',
        method: 'POST',
        path: `/orders/${t.orderId}/partial-return`,
        form: () => returnForm([{ orderItemId: t.orderItemId, quantity: 1 }]),
      },
      { area: 'invoices', method: 'GET', path: `/orders/${t.orderId}/invoice` },
      { area: 'invoices', method: 'GET', path: `/orders/returns/${t.returnId}/credit-note` },
      { area: 'uploads', method: 'GET', path: `/orders/returns/files/${t.fileId}` },
      {
        area: 'addresses',
        method: 'PUT',
        path: `/addresses/${t.address}`,
        json: { ...BENGALURU_ADDRESS, street: '1 Stolen Lane' },
      },
      { area: 'addresses', method: 'POST', path: `/addresses/${t.address}/default` },
      { area: 'addresses', method: 'DELETE', path: `/addresses/${t.address}` },
      { area: 'wishlist', method: 'DELETE', path: `/wishlist/${t.wish}` },
      { area: 'cart lines', method: 'PUT', path: `/cart/items/${t.cartLine}`, json: { quantity: 3 } },
      { area: 'cart lines', method: 'PUT', path: `/cart/items/${t.cartLine}`, json: { quantity: 3, userId: a.userId } },
      { area: 'cart lines', method: 'DELETE', path: `/cart/items/${t.cartLine}` },
    ];
    const { failures, check } = checks();
    const before = await stateOfA(stack, a, t);
    check(
      before.every((x) => x.ok),
      `A's own things before B: ${before
        .filter((x) => !x.ok)
        .map((x) => x.what)
        .join(', ')}`,
    );
    const rows: string[] = [];
    for (const p of probes) {
      const body = p.form ? await p.form() : undefined;
      const answer = await call(stack.url, p.method, p.path, as(b, { json: p.json, body }));
      const label = `${p.method} ${p.path.replaceAll(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}${p.json && 'userId' in (p.json as object) ? ' (userId of A)' : ''}`;
      rows.push(`  ${p.area.padEnd(10)} ${label.padEnd(50)} ${answer.status}`);
      check(answer.status === 404, `${label} answered ${answer.status}`);
    }
    rows.push(
      `  ${'reviews'.padEnd(10)} no route takes a review's id (GET /reviews/product/:id is public; POST /reviews writes B's own)`,
    );
    console.log(rows.join('\n'));
    const after = await stateOfA(stack, a, t);
    check(
      after.every((x) => x.ok),
      `A's things after B: ${after
        .filter((x) => !x.ok)
        .map((x) => x.what)
        .join(', ')}`,
    );
    return {
      done: `B called ${probes.length} routes taking A's ids (orders, returns, invoices, uploads, addresses, wishlist, cart lines; reviews have no id route); A's reads checked before and after`,
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `all ${probes.length} answered 404 to B; A's own reads 200 and A's things unchanged before and after`,
    };
  },
};
