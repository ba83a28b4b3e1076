/**
 * The admin's homepage editor (docs/admin.md "Homepage"): the homepage schedule (a section not
 * yet started or already ended is not shown, the preview shows it at its time, a section
 * starts on time while the answer is cached, ends after starts), the order reaching shoppers at
 * once, content checked per type and its links to the catalogue, hand-picked products, removal,
 * and support refused with nothing audited while every write is audited once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOMEPAGE_MESSAGES, type AdminRole, type AdminSection, type HomepageSection } from '@vastra/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let categorySlug: string;

before(async () => {
  // A long cache: what shoppers see must not depend on it expiring.
  ctx = await createTestApp({ env: { CATALOG_CACHE_TTL_MS: '600000' } });
  team = await staffTeam(ctx);
  const cats = (await call('GET', '/admin/api/categories')).json().data as { slug: string; level: string }[];
  categorySlug = cats.find((c) => c.level === 'master')!.slug;
});
after(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, who?: StaffLogin) =>
  asStaff(ctx.app, who ?? team.staff, method, url, body);
const audits = async () =>
  (await ctx.database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'homepage')))[0]!.n;
const allAudits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const shopperSees = async (): Promise<HomepageSection[]> => {
  const res = await ctx.app.inject({ method: 'GET', url: '/homepage-sections' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.sections;
};
const titles = (sections: { title: string }[]) => sections.map((s) => s.title);
const preview = async (at: Date): Promise<HomepageSection[]> => {
  const res = await call('GET', `/admin/api/homepage/preview?at=${encodeURIComponent(at.toISOString())}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.sections;
};
const inMs = (ms: number) => new Date(Date.now() + ms);

/** Makes a categories section through the admin, asserting one audit entry. */
async function created(title: string, extra: Record<string, unknown> = {}): Promise<AdminSection> {
  const before = await audits();
  const res = await call('POST', '/admin/api/homepage/sections', {
    sectionType: 'featured_categories',
    title,
    content: { categorySlugs: [categorySlug] },
    ...extra,
  });
  assert.equal(res.statusCode, 201, res.body);
  assert.equal(await audits(), before + 1, 'one audit entry');
  return res.json().data;
}

/** Changes a section, asserting success and one audit entry. */
async function patched(id: string, body: Record<string, unknown>): Promise<AdminSection> {
  const before = await audits();
  const res = await call('PATCH', `/admin/api/homepage/sections/${id}`, body);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(await audits(), before + 1, 'one audit entry');
  return res.json().data;
}

describe('the sections', () => {
  it('lists the seeded sections in order with their stored content, shown now as shoppers see them', async () => {
    const res = await call('GET', '/admin/api/homepage/sections');
    assert.equal(res.statusCode, 200, res.body);
    const sections = res.json().data as AdminSection[];
    assert.ok(sections.length >= 5);
    assert.ok(sections.every((s) => s.state === 'live' && s.startsAt === null && s.endsAt === null));
    assert.deepEqual(titles(sections), titles(await shopperSees()));
    const categories = sections.find((s) => s.sectionType === 'featured_categories')!;
    assert.ok(Array.isArray(categories.content.categorySlugs), 'the stored references, not the resolved content');
    const one = await call('GET', `/admin/api/homepage/sections/${categories.id}`);
    assert.deepEqual(one.json().data, categories);
  });
});

describe('homepage schedule', () => {
  it('keeps a section that has not started from shoppers; the preview shows it at its time', async () => {
    const start = inMs(60 * 60_000);
    const s = await created('Diwali edit', {
      startsAt: start.toISOString(),
      endsAt: inMs(2 * 60 * 60_000).toISOString(),
    });
    assert.equal(s.state, 'scheduled');
    assert.ok(!titles(await shopperSees()).includes('Diwali edit'));
    assert.ok(!titles(await preview(new Date())).includes('Diwali edit'));
    assert.ok(titles(await preview(start)).includes('Diwali edit'), 'shown from its start');
    assert.ok(!titles(await preview(inMs(3 * 60 * 60_000))).includes('Diwali edit'), 'not after its end');
    const live = await patched(s.id, { startsAt: inMs(-60_000).toISOString() });
    assert.equal(live.state, 'live');
    assert.ok(titles(await shopperSees()).includes('Diwali edit'), 'at once, the cache dropped');
  });

  it('shows a section from its start although the homepage answer is cached', async () => {
    const s = await created('Flash sale', { startsAt: inMs(1500).toISOString() });
    assert.ok(!titles(await shopperSees()).includes('Flash sale'));
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assert.ok(
      titles(await shopperSees()).includes('Flash sale'),
      'no write in between: the schedule is applied per request',
    );
    await patched(s.id, { isActive: false });
    assert.ok(!titles(await shopperSees()).includes('Flash sale'), 'switched off');
  });

  it('takes an ended section off the homepage', async () => {
    const s = await created('Summer edit');
    assert.ok(titles(await shopperSees()).includes('Summer edit'));
    const ended = await patched(s.id, {
      startsAt: inMs(-2 * 60_000).toISOString(),
      endsAt: inMs(-60_000).toISOString(),
    });
    assert.equal(ended.state, 'ended');
    assert.ok(!titles(await shopperSees()).includes('Summer edit'));
    assert.ok(titles(await preview(inMs(-90_000))).includes('Summer edit'), 'the preview of its window shows it');
  });

  it('refuses an end before the start, as made or as changed, writing nothing', async () => {
    const before = await allAudits();
    const made = await call('POST', '/admin/api/homepage/sections', {
      sectionType: 'testimonials',
      title: 'Backwards',
      content: { limit: 3 },
      startsAt: inMs(60_000).toISOString(),
      endsAt: inMs(-60_000).toISOString(),
    });
    assert.deepEqual([made.statusCode, made.json().message.includes(HOMEPAGE_MESSAGES.endBeforeStart)], [400, true]);
    const s = await created('Monsoon edit', { startsAt: inMs(60 * 60_000).toISOString() });
    const changed = await call('PATCH', `/admin/api/homepage/sections/${s.id}`, {
      endsAt: inMs(30 * 60_000).toISOString(),
    });
    assert.deepEqual([changed.statusCode, changed.json().message], [400, HOMEPAGE_MESSAGES.endBeforeStart]);
    assert.equal(await allAudits(), before + 1, 'only the section made');
    assert.equal((await call('GET', `/admin/api/homepage/sections/${s.id}`)).json().data.endsAt, null);
  });
});

describe('the order', () => {
  it('reaches shoppers at once, and must name every section once', async () => {
    const sections = (await call('GET', '/admin/api/homepage/sections')).json().data as AdminSection[];
    await shopperSees(); // cached
    const reversed = sections.map((s) => s.id).reverse();
    const before = await audits();
    const res = await call('PUT', '/admin/api/homepage/order', { ids: reversed });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      (res.json().data as AdminSection[]).map((s) => s.id),
      reversed,
    );
    assert.equal(await audits(), before + 1, 'one audit entry');
    const shown = new Set((await shopperSees()).map((s) => s.id));
    assert.deepEqual(
      (await shopperSees()).map((s) => s.id),
      reversed.filter((id) => shown.has(id)),
      'shoppers see the new order at once',
    );
    for (const ids of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), crypto.randomUUID()]]) {
      const bad = await call('PUT', '/admin/api/homepage/order', { ids });
      assert.deepEqual([bad.statusCode, bad.json().message], [400, HOMEPAGE_MESSAGES.orderNotEverySection]);
    }
    assert.equal(await audits(), before + 1, 'refused orders are not audited');
  });
});

describe('content', () => {
  it('is checked against the section’s type and its links to the catalogue', async () => {
    const before = await allAudits();
    const make = (body: Record<string, unknown>) =>
      call('POST', '/admin/api/homepage/sections', { title: 'Refused', ...body });
    const cases: [Record<string, unknown>, string?][] = [
      [
        { sectionType: 'best_seller_products', content: { productIds: [crypto.randomUUID()] } },
        HOMEPAGE_MESSAGES.unknownProduct,
      ],
      [
        { sectionType: 'collection_highlight', content: { collectionSlug: 'no-such-collection' } },
        HOMEPAGE_MESSAGES.unknownCollection,
      ],
      [
        { sectionType: 'featured_categories', content: { categorySlugs: [categorySlug, 'no-such-category'] } },
        HOMEPAGE_MESSAGES.unknownCategory,
      ],
      [{ sectionType: 'hero', content: { slides: [] } }],
      [
        {
          sectionType: 'hero',
          content: {
            slides: [{ title: 'A', subtitle: '', image: 'javascript:alert(1)', cta: { label: 'Go', href: '/shop' } }],
          },
        },
      ],
      [
        {
          sectionType: 'fashion_showcase',
          content: { items: [{ title: 'Men', image: '/media/x.jpg', href: '//evil.test' }] },
        },
      ],
      [{ sectionType: 'banner', content: {} }],
    ];
    for (const [body, message] of cases) {
      const res = await make(body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
      if (message) assert.equal(res.json().message, message);
    }
    const s = await created('Kurtas and more');
    for (const [content, message] of [
      [{ categorySlugs: ['no-such-category'] }, HOMEPAGE_MESSAGES.unknownCategory],
      [{ slides: [] }, undefined],
    ] as const) {
      const res = await call('PATCH', `/admin/api/homepage/sections/${s.id}`, { content });
      assert.equal(res.statusCode, 400, res.body);
      if (message) assert.equal(res.json().message, message);
    }
    assert.equal(await allAudits(), before + 1, 'only the section made');
  });

  it('shows hand-picked products in the chosen order, edits titles and collection links', async () => {
    // On sale and in stock: the homepage leaves out the others (the full catalogue has many sold out).
    const picks = await queryRows<{ id: string }>(
      ctx.database.db,
      sql`SELECT id FROM products WHERE is_active AND in_stock ORDER BY created_at DESC, id LIMIT 3`,
    );
    const ids = picks.map((p) => p.id).reverse();
    const res = await call('POST', '/admin/api/homepage/sections', {
      sectionType: 'best_seller_products',
      title: 'Our picks',
      content: { productIds: ids, cta: { label: 'Shop all', href: '/shop' } },
    });
    assert.equal(res.statusCode, 201, res.body);
    const shown = (await shopperSees()).find((s) => s.title === 'Our picks');
    assert.ok(shown?.section_type === 'best_seller_products');
    assert.deepEqual(
      shown.content.products.map((p) => p.id),
      ids,
    );
    const collections = (await call('GET', '/admin/api/collections')).json().data as {
      slug: string;
      isActive: boolean;
    }[];
    const slug = collections.find((c) => c.isActive)!.slug;
    const highlight = await call('POST', '/admin/api/homepage/sections', {
      sectionType: 'collection_highlight',
      title: 'Highlight',
      content: { collectionSlug: slug, productLimit: 4 },
    });
    assert.equal(highlight.statusCode, 201, highlight.body);
    const edited = await patched(highlight.json().data.id, { title: 'New highlight', subtitle: 'Fresh in' });
    assert.deepEqual(
      [edited.title, edited.subtitle, edited.content.collectionSlug],
      ['New highlight', 'Fresh in', slug],
    );
    const seen = (await shopperSees()).find((s) => s.id === edited.id);
    assert.ok(seen?.section_type === 'collection_highlight');
    assert.deepEqual([seen.title, seen.content.collection.slug], ['New highlight', slug]);
  });
});

describe('removing', () => {
  it('takes the section off the homepage and the admin', async () => {
    const s = await created('Short-lived');
    assert.ok(titles(await shopperSees()).includes('Short-lived'));
    const before = await audits();
    const res = await call('DELETE', `/admin/api/homepage/sections/${s.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await audits(), before + 1, 'one audit entry');
    assert.ok(!titles(await shopperSees()).includes('Short-lived'));
    assert.equal((await call('GET', `/admin/api/homepage/sections/${s.id}`)).statusCode, 404);
    assert.equal((await call('DELETE', `/admin/api/homepage/sections/${s.id}`)).statusCode, 404);
    assert.equal(await audits(), before + 1, 'a refused removal is not audited');
  });
});

describe('roles', () => {
  it('lets the owner edit, and refuses support every route with nothing audited', async () => {
    const sections = (await call('GET', '/admin/api/homepage/sections', undefined, team.owner)).json()
      .data as AdminSection[];
    const id = sections[0]!.id;
    const before = await allAudits();
    const routes: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/admin/api/homepage/sections'],
      ['GET', `/admin/api/homepage/sections/${id}`],
      ['GET', '/admin/api/homepage/preview'],
      ['POST', '/admin/api/homepage/sections', { sectionType: 'testimonials', title: 'T', content: { limit: 2 } }],
      ['PATCH', `/admin/api/homepage/sections/${id}`, { title: 'Taken over' }],
      ['DELETE', `/admin/api/homepage/sections/${id}`],
      ['PUT', '/admin/api/homepage/order', { ids: sections.map((s) => s.id) }],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(method, url, body, team.support);
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
    assert.equal(await allAudits(), before, 'nothing audited');
    assert.equal((await call('GET', `/admin/api/homepage/sections/${id}`)).json().data.title, sections[0]!.title);
    const owned = await call('PATCH', `/admin/api/homepage/sections/${id}`, { title: sections[0]!.title }, team.owner);
    assert.equal(owned.statusCode, 200, owned.body);
    assert.equal(await allAudits(), before + 1);
  });
});
