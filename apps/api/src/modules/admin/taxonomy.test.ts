/**
 * The admin's categories and collections (docs/admin.md "Categories and collections"):
 * categories made one level below their parent (never below a product category) with a slug
 * from the name, renamed, moved under a parent of the level above (never under themselves),
 * reordered among their siblings and hidden with everything below them; collections made,
 * renamed, described, pictured, filled by hand, reordered and hidden. Each change shows in the
 * public GET /categories and /collections at once; support is refused with nothing audited and
 * every write is audited once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  TAXONOMY_MESSAGES,
  type AdminCategoryNode,
  type AdminCategoryRecord,
  type AdminCollection,
  type AdminCollectionDetail,
  type AdminRole,
  type CategoryNode,
  type Collection,
} from '@vastra/contracts';
import { count } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { pickProducts, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let picked: TestProduct[];

before(async () => {
  ctx = await createTestApp();
  team = await staffTeam(ctx);
  picked = await pickProducts(ctx.database.db, 2);
});
after(() => ctx.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, body?: unknown, who = team.staff) =>
  asStaff(ctx.app, who, method, url, body);
const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;

/** Makes the call and asserts its status and exactly one new audit entry. */
async function audited<T>(method: Method, url: string, body: unknown, status = 200): Promise<T> {
  const before = await audits();
  const res = await call(method, url, body);
  assert.equal(res.statusCode, status, `${method} ${url}: ${res.body}`);
  assert.equal(await audits(), before + 1, `${method} ${url}: one audit entry`);
  return res.json().data as T;
}

/** Makes the call and asserts it is refused with `status` (and `message`), nothing audited. */
async function refused(method: Method, url: string, body: unknown, status: number, message?: string) {
  const before = await audits();
  const res = await call(method, url, body);
  assert.equal(res.statusCode, status, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`);
  if (message) assert.equal(res.json().message, message);
  assert.equal(await audits(), before);
}

/** The storefront's tree, as GET /categories answers it now. */
async function publicTree(): Promise<CategoryNode[]> {
  const res = await ctx.app.inject({ method: 'GET', url: '/categories' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.categories;
}
const find = (nodes: CategoryNode[], id: string): CategoryNode | undefined => {
  for (const n of nodes) {
    const hit = n.id === id ? n : find(n.children, id);
    if (hit) return hit;
  }
  return undefined;
};
const publicCollections = async (): Promise<Collection[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/collections?limit=50' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.collections;
};
const adminTree = async () => (await call('GET', '/admin/api/categories/tree')).json().data as AdminCategoryNode[];

describe('categories', () => {
  let master: AdminCategoryRecord;
  let sub: AdminCategoryRecord;
  let article: AdminCategoryRecord;

  it('are made one level below their parent with a slug from the name, and show once they hold a product', async () => {
    master = await audited('POST', '/admin/api/categories', { name: 'Festive Wear' }, 201);
    assert.deepEqual(
      [master.level, master.slug, master.parentId, master.isActive],
      ['master', 'festive-wear', null, true],
    );
    sub = await audited('POST', '/admin/api/categories', { name: 'Festive Kurtas', parentId: master.id }, 201);
    article = await audited('POST', '/admin/api/categories', { name: 'Silk Kurtas', parentId: sub.id }, 201);
    assert.deepEqual([sub.level, article.level], ['sub', 'article']);
    await refused(
      'POST',
      '/admin/api/categories',
      { name: 'Too Deep', parentId: article.id },
      400,
      TAXONOMY_MESSAGES.tooDeep,
    );
    const twin = await audited<AdminCategoryRecord>('POST', '/admin/api/categories', { name: 'Festive wear!' }, 201);
    assert.equal(twin.slug, 'festive-wear-2');

    // Empty branches stay out of the storefront's tree until a product sits in them.
    assert.equal(find(await publicTree(), master.id), undefined);
    await audited('PATCH', `/admin/api/products/${picked[0]!.id}`, { categoryId: article.id });
    const shown = find(await publicTree(), master.id);
    assert.equal(shown?.children[0]?.children[0]?.name, 'Silk Kurtas');
    assert.equal(shown?.productCount, 1);
    const inAdmin = (await adminTree()).find((n) => n.id === master.id);
    assert.equal(inAdmin?.children[0]?.children[0]?.products, 1);
  });

  it('are renamed with their slug kept, at once on the storefront', async () => {
    const renamed = await audited<AdminCategoryRecord>('PATCH', `/admin/api/categories/${master.id}`, {
      name: 'Wedding Wear',
    });
    assert.deepEqual([renamed.name, renamed.slug], ['Wedding Wear', 'festive-wear']);
    assert.equal(find(await publicTree(), master.id)?.name, 'Wedding Wear');
  });

  it('move only under a category of the level above, never under themselves; the storefront follows at once', async () => {
    const base = `/admin/api/categories`;
    const other = (await adminTree()).find((n) => n.id !== master.id && n.level === 'master' && n.children.length > 0)!;
    await refused('PATCH', `${base}/${sub.id}`, { parentId: sub.id }, 400, TAXONOMY_MESSAGES.underItself);
    await refused('PATCH', `${base}/${sub.id}`, { parentId: article.id }, 400, TAXONOMY_MESSAGES.underItself);
    await refused('PATCH', `${base}/${article.id}`, { parentId: other.id }, 400, TAXONOMY_MESSAGES.wrongLevel);
    await refused('PATCH', `${base}/${master.id}`, { parentId: other.id }, 400, TAXONOMY_MESSAGES.topLevelStays);
    await refused('PATCH', `${base}/${sub.id}`, { parentId: '00000000-0000-4000-8000-000000000000' }, 404);

    const moved = await audited<AdminCategoryRecord>('PATCH', `${base}/${sub.id}`, { parentId: other.id });
    assert.equal(moved.parentId, other.id);
    assert.equal(moved.position, Math.max(...other.children.map((c) => c.position)) + 1, 'last among its new siblings');
    const tree = await publicTree();
    assert.equal(find(tree, other.id)?.children.at(-1)?.id, sub.id);
    assert.equal(find(tree, master.id), undefined, 'the emptied branch leaves');
    // Back under its first parent for the next tests.
    await audited('PATCH', `${base}/${sub.id}`, { parentId: master.id });
  });

  it('are reordered among their siblings, every sibling named once', async () => {
    const masters = (await adminTree()).map((n) => n.id);
    await refused(
      'POST',
      '/admin/api/categories/order',
      { parentId: null, ids: masters.slice(1) },
      400,
      TAXONOMY_MESSAGES.orderMismatch,
    );
    await refused('POST', '/admin/api/categories/order', { parentId: null, ids: [...masters, masters[0]] }, 400);
    await refused('POST', '/admin/api/categories/order', { parentId: sub.id, ids: masters }, 400);
    const reversed = [...masters].reverse();
    await audited('POST', '/admin/api/categories/order', { parentId: null, ids: reversed });
    assert.deepEqual(
      (await adminTree()).map((n) => n.id),
      reversed,
    );
    const shown = new Set((await publicTree()).map((n) => n.id));
    assert.deepEqual(
      (await publicTree()).map((n) => n.id),
      reversed.filter((id) => shown.has(id)),
    );
  });

  it('hidden, leave the storefront with everything below them; shown again, come back', async () => {
    await audited('PATCH', `/admin/api/categories/${sub.id}`, { isActive: false });
    const tree = await publicTree();
    assert.equal(find(tree, sub.id), undefined);
    assert.equal(find(tree, article.id), undefined, 'its article goes with it');
    assert.equal(find(tree, master.id), undefined, 'and the master left without products');
    assert.equal((await adminTree()).find((n) => n.id === master.id)?.children[0]?.isActive, false);
    await audited('PATCH', `/admin/api/categories/${sub.id}`, { isActive: true });
    assert.equal(find(await publicTree(), article.id)?.productCount, 1);
  });
});

describe('collections', () => {
  let made: AdminCollectionDetail;

  it('are made with a slug from the name, filled by hand, and shown at once', async () => {
    made = await audited(
      'POST',
      '/admin/api/collections',
      { name: 'Diwali Edit', description: 'Lights and silk.' },
      201,
    );
    assert.deepEqual([made.slug, made.isActive, made.products], ['diwali-edit', true, []]);
    const ids = picked.map((p) => p.id);
    await audited('POST', '/admin/api/products/collections', { ids, collectionId: made.id, action: 'add' });
    const filled = (await call('GET', `/admin/api/collections/${made.id}`)).json().data as AdminCollectionDetail;
    assert.deepEqual(filled.products.map((p) => p.id).sort(), [...ids].sort());
    const shown = (await publicCollections()).find((c) => c.id === made.id);
    assert.equal(shown?.description, 'Lights and silk.');
    assert.equal(shown?.productCount, picked.length);
    await audited('POST', '/admin/api/products/collections', {
      ids: [ids[0]],
      collectionId: made.id,
      action: 'remove',
    });
    assert.equal((await publicCollections()).find((c) => c.id === made.id)?.productCount, picked.length - 1);
  });

  it('are renamed, described and pictured (slug kept), at once on the storefront', async () => {
    const image = '/media/products/placeholder.jpg';
    const changed = await audited<AdminCollectionDetail>('PATCH', `/admin/api/collections/${made.id}`, {
      name: 'Festival Edit',
      description: 'For every festival.',
      image,
    });
    assert.deepEqual([changed.name, changed.slug, changed.image], ['Festival Edit', 'diwali-edit', image]);
    const shown = (await publicCollections()).find((c) => c.id === made.id);
    assert.deepEqual([shown?.name, shown?.description], ['Festival Edit', 'For every festival.']);
    assert.equal(shown?.image, `http://api.test${image}`);
    await refused('PATCH', `/admin/api/collections/${made.id}`, { image: 'javascript:alert(1)' }, 400);
    await refused('PATCH', `/admin/api/collections/${made.id}`, {}, 400);
  });

  it('are reordered, every collection named once, and hidden and shown', async () => {
    const all = (await call('GET', '/admin/api/collections')).json().data as AdminCollection[];
    const ids = all.map((c) => c.id);
    await refused('POST', '/admin/api/collections/order', { ids: ids.slice(1) }, 400, TAXONOMY_MESSAGES.orderMismatch);
    const order = [made.id, ...ids.filter((id) => id !== made.id)].reverse();
    await audited('POST', '/admin/api/collections/order', { ids: order });
    assert.deepEqual(
      (await publicCollections()).map((c) => c.id),
      order,
    );
    await audited('PATCH', `/admin/api/collections/${made.id}`, { isActive: false });
    assert.equal(
      (await publicCollections()).some((c) => c.id === made.id),
      false,
    );
    await audited('PATCH', `/admin/api/collections/${made.id}`, { isActive: true });
    assert.equal(
      (await publicCollections()).some((c) => c.id === made.id),
      true,
    );
  });
});

describe('who may', () => {
  it('support is refused every route, nothing audited; unknown records are 404', async () => {
    const [anyCategory] = await adminTree();
    const [anyCollection] = (await call('GET', '/admin/api/collections')).json().data as AdminCollection[];
    const before = await audits();
    const routes: [Method, string, unknown][] = [
      ['GET', '/admin/api/categories/tree', undefined],
      ['POST', '/admin/api/categories', { name: 'Nope' }],
      ['PATCH', `/admin/api/categories/${anyCategory!.id}`, { name: 'Nope' }],
      ['POST', '/admin/api/categories/order', { parentId: null, ids: [anyCategory!.id] }],
      ['GET', `/admin/api/collections/${anyCollection!.id}`, undefined],
      ['POST', '/admin/api/collections', { name: 'Nope' }],
      ['PATCH', `/admin/api/collections/${anyCollection!.id}`, { name: 'Nope' }],
      ['POST', '/admin/api/collections/order', { ids: [anyCollection!.id] }],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, body, team.support);
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
    assert.equal(await audits(), before);
    const unknown = '00000000-0000-4000-8000-000000000000';
    await refused('PATCH', `/admin/api/categories/${unknown}`, { name: 'X' }, 404, TAXONOMY_MESSAGES.categoryNotFound);
    await refused('PATCH', `/admin/api/collections/${unknown}`, { name: 'X' }, 404);
    assert.equal((await call('GET', `/admin/api/collections/${unknown}`)).statusCode, 404);
  });
});
