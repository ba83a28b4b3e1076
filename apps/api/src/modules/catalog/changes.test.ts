/**
 * Catalogue changes reaching shoppers within seconds (docs/admin.md "Shoppers see changes
 * within seconds"): an admin change calls the storefront's revalidation route signed with the
 * shared secret, naming the tags to expire; and with REDIS_URL, a change made through one API
 * instance drops the cached answers of another, and so does an order's change of stock (a
 * shopper's change drops the kept product answers), a busy checkout's changes gathered into a
 * few messages). Without Redis, instances on one PostgreSQL
 * database tell each other through LISTEN/NOTIFY (the server on this machine, as CI runs it).
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  REVALIDATE_PATH,
  REVALIDATE_SIGNATURE_HEADER,
  type AdminProduct,
  type AdminRole,
  type ProductDetail,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { bearer, register } from '../../test/accounts';
import { pickProducts, setStock } from '../../test/catalog';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { placePaidOrder } from '../../test/returns';
import { products } from '../../db/schema';
import { CATALOG_CHANGES_CHANNEL, CatalogChanges, postgresChangeBus, PRODUCTS_GATHER_MS } from './changes';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

const SECRET = 'revalidation secret for the tests, 32+ chars';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Call = { path: string; signature: string; body: string };
const calls: Call[] = [];
const storefront = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    calls.push({ path: req.url ?? '', signature: String(req.headers[REVALIDATE_SIGNATURE_HEADER] ?? ''), body });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let first: TestContext;
let second: TestContext;
let team: Record<Exclude<AdminRole, 'support'>, StaffLogin>;

before(async () => {
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const env = {
    ...MANY_ORDERS_ENV,
    REDIS_URL,
    CATALOG_CACHE_TTL_MS: '600000',
    REVALIDATE_SECRET: SECRET,
    STOREFRONT_INTERNAL_URL: `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`,
  };
  first = await createTestApp({ env });
  second = await createTestApp({ env });
  team = { owner: await staffOfRole(first, 'owner'), staff: await staffOfRole(first, 'staff') };
});
after(async () => {
  await first.close();
  await second.close();
  storefront.close();
});

/** Waits until `check` holds, for at most 5 s (the promise). */
async function within5s(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`not within 5 s: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const categoryCount = async (ctx: TestContext) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/categories' });
  const walk = (nodes: { productCount?: number; count?: number; children?: unknown[] }[]): number =>
    nodes.reduce((n, c) => n + (c.productCount ?? c.count ?? 0), 0);
  return walk(res.json().data.categories);
};

describe('an admin change', () => {
  it('tells the storefront, signed, which tags to expire', async () => {
    const list = await asStaff(first.app, team.staff, 'GET', '/admin/api/products?perPage=1');
    const id = list.json().data.rows[0].id as string;
    const product = (await asStaff(first.app, team.staff, 'GET', `/admin/api/products/${id}`)).json()
      .data as AdminProduct;
    const size = product.variants[0]!;
    calls.length = 0;
    const res = await asStaff(first.app, team.staff, 'PATCH', `/admin/api/variants/${size.id}`, {
      pricePaise: Math.min(size.mrpPaise, size.pricePaise + 100),
    });
    assert.equal(res.statusCode, 200, res.body);
    await within5s(() => calls.length > 0, 'the storefront is called');
    const [call] = calls;
    assert.equal(call!.path, REVALIDATE_PATH);
    assert.equal(call!.signature, createHmac('sha256', SECRET).update(call!.body).digest('hex'));
    const body = JSON.parse(call!.body) as { tags: string[]; at: number };
    assert.ok(body.tags.includes('products'), body.tags.join());
    assert.ok(Math.abs(Date.now() - body.at) < 5000);

    calls.length = 0;
    await asStaff(first.app, team.staff, 'GET', `/admin/api/products/${id}`);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(calls.length, 0, 'reads call nothing');
  });

  it('drops the cached answers of every API instance (Redis)', async () => {
    // Each instance has its own database here; what is shared is Redis. The second instance
    // caches its category counts, its database changes behind the cache, and a change made
    // through the first instance must make the second read again.
    const before = await categoryCount(second);
    const [active] = await second.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    await second.database.db.update(products).set({ status: 'draft' }).where(eq(products.id, active!.id));
    assert.equal(await categoryCount(second), before, 'cached: the change behind it is not seen yet');

    const list = await asStaff(first.app, team.owner, 'GET', '/admin/api/products?perPage=1');
    const id = list.json().data.rows[0].id as string;
    const res = await asStaff(first.app, team.owner, 'PATCH', `/admin/api/products/${id}`, { usage: 'Casual' });
    assert.equal(res.statusCode, 200, res.body);
    await within5s(async () => (await categoryCount(second)) === before - 1, 'the second instance reads afresh');
  });
});

describe("a shopper's change of stock", () => {
  it('drops the kept product answers of every API instance (Redis)', async () => {
    // As above: behind the second instance's kept answer its stock changes, and an order
    // placed through the first must make the second read the product again.
    const [picked] = await pickProducts(second.database.db, 1, { minVariants: 1, skip: 3 });
    const variant = picked!.variants[0]!;
    const stockShown = async () => {
      const res = await second.app.inject({ method: 'GET', url: `/products/${picked!.id}` });
      const detail = res.json().data.product as ProductDetail;
      return detail.variants.find((v) => v.id === variant.id)?.stock;
    };
    await setStock(second.database.db, variant.id, 6);
    const before = await stockShown();
    await setStock(second.database.db, variant.id, 4);
    assert.equal(await stockShown(), before, 'kept: the change behind it is not seen yet');

    const [sold] = await pickProducts(first.database.db, 1, { minVariants: 1, skip: 5 });
    // The seeded size may be sold out.
    await setStock(first.database.db, sold!.variants[0]!.id, 5);
    await placePaidOrder(first, await register(first.app), {
      items: [{ productId: sold!.id, variantId: sold!.variants[0]!.id, quantity: 1 }],
    });
    await within5s(async () => (await stockShown()) === 4, 'the second instance reads the stock afresh');
  });
});

describe('a busy checkout', () => {
  it('tells the other instances in a few messages, not one per order', async () => {
    const ORDERS = 30;
    const [picked] = await pickProducts(first.database.db, 1, { minVariants: 1, skip: 7 });
    const variant = picked!.variants[0]!;
    await setStock(first.database.db, variant.id, ORDERS + 5);
    const shoppers = await Promise.all(Array.from({ length: ORDERS }, () => register(first.app)));
    const listener = new Redis(REDIS_URL);
    const bySender = new Map<string, number>();
    listener.on('message', (_channel, message: string) => {
      const [from, scope] = message.split(' ');
      if (scope === 'answers') bySender.set(from!, (bySender.get(from!) ?? 0) + 1);
    });
    await listener.subscribe(CATALOG_CHANGES_CHANNEL);
    try {
      const started = Date.now();
      const answers = await Promise.all(
        shoppers.map((shopper) =>
          first.app.inject({
            method: 'POST',
            url: '/orders',
            headers: bearer(shopper.token),
            payload: {
              items: [{ productId: picked!.id, variantId: variant.id, quantity: 1 }],
              shippingAddress: BENGALURU_ADDRESS,
              paymentMethod: 'cod',
            },
          }),
        ),
      );
      const elapsed = Date.now() - started;
      for (const res of answers) assert.equal(res.statusCode, 201, res.body);
      await new Promise((r) => setTimeout(r, PRODUCTS_GATHER_MS + 200));
      const sent = Math.max(0, ...bySender.values());
      assert.ok(sent >= 1, 'the other instances are told');
      assert.ok(sent < ORDERS, `${sent} messages for ${ORDERS} orders`);
      assert.ok(
        sent <= 2 + Math.ceil(elapsed / PRODUCTS_GATHER_MS),
        `${sent} messages in ${elapsed} ms: more than one per ${PRODUCTS_GATHER_MS} ms`,
      );
    } finally {
      listener.disconnect();
    }
  });
});

describe('API instances on one PostgreSQL database without Redis', () => {
  it('drop each other’s caches through LISTEN/NOTIFY, each ignoring its own change', async () => {
    const forgotten = { a: 0, b: 0 };
    const instance = (name: keyof typeof forgotten) =>
      new CatalogChanges({
        forget: () => (forgotten[name] += 1),
        bus: postgresChangeBus(POSTGRES_URL, first.app.log),
        log: first.app.log,
      });
    const a = instance('a');
    const b = instance('b');
    await Promise.all([a.start(), b.start()]);
    try {
      await a.changed(['products']);
      await within5s(() => forgotten.b === 1, 'the other instance hears of it');
      assert.equal(forgotten.a, 1, 'its own cache once, not again from its own notice');
      await b.changed(['homepage']);
      await within5s(() => forgotten.a === 2, 'and back');
      assert.equal(forgotten.b, 2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
