/**
 * Policy pages and listing details through HTTP (docs/behaviour.md "Policies and listing
 * details"): the five seeded pages read by anyone (cacheable), an unknown one 404; the owner's
 * edit shows at once, bumps the version and is audited; staff and support are refused (403),
 * the signed-out 401; Markdown with a script, raw HTML or a script link comes out as text. A
 * product's legal details through the CSV import (a file without the columns keeps them), the
 * export, the admin's edit and the product API; the seeded catalogue states no country of
 * origin (its source data has none); the privacy page's data protection contact from the store
 * settings.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { POLICY_MESSAGES, POLICY_SLUGS, type AdminRole, type PublicPolicy } from '@vastra/contracts';
import { and, count, eq, isNotNull, or } from 'drizzle-orm';
import { auditLog, products } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { importProductsCsv } from '../catalog';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;

before(async () => {
  ctx = await createTestApp();
  team = await staffTeam(ctx);
});
after(() => ctx.close());

async function read(slug: string): Promise<{ status: number; policy: PublicPolicy; message: string; cache: string }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/policies/${slug}` });
  const body = res.json();
  return {
    status: res.statusCode,
    policy: body.data,
    message: body.message,
    cache: String(res.headers['cache-control']),
  };
}

describe('policy pages for shoppers', () => {
  test('the five pages are there from the start, as HTML, cacheable; another slug is 404', async () => {
    for (const slug of POLICY_SLUGS) {
      const { status, policy, cache } = await read(slug);
      assert.equal(status, 200, slug);
      assert.equal(policy.slug, slug);
      assert.equal(policy.version, 1);
      assert.match(policy.html, /<h2>|<p>/, `${slug} is rendered Markdown`);
      assert.doesNotMatch(policy.html, /store settings/i, `${slug} is real policy text`);
      assert.match(cache, /^public/);
    }
    assert.match((await read('privacy')).policy.html, /Digital Personal Data Protection Act, 2023/);
    assert.match((await read('returns-refunds-exchanges')).policy.html, /innerwear/);
    const unknown = await read('refund-policy');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.message, POLICY_MESSAGES.notFound);
  });
});

describe('the owner edits a page', () => {
  test('the new text shows at once, the version goes up by one, and the change is audited', async () => {
    const before = await read('shipping');
    const body = '## Delivery\n\nWe ship **everywhere in India** within 5 days.';
    const res = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/policies/shipping', { title: 'Shipping', body });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.version, before.policy.version + 1);
    assert.equal(res.json().data.body, body);

    const after = await read('shipping');
    assert.equal(after.policy.version, before.policy.version + 1);
    assert.match(after.policy.html, /<strong>everywhere in India<\/strong>/);

    // Saving the same text again is no change.
    await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/policies/shipping', { title: 'Shipping', body });
    assert.equal((await read('shipping')).policy.version, before.policy.version + 1);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'policy.update'), eq(auditLog.entityId, 'shipping')));
    assert.ok(entry, 'audited');
    assert.equal(entry.actorEmail, team.owner.email);
    assert.equal((entry.before as { version: number }).version, before.policy.version);
    assert.equal((entry.after as { body: string }).body, body);

    const list = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/policies');
    assert.deepEqual(
      list.json().data.map((p: { slug: string }) => p.slug),
      [...POLICY_SLUGS],
    );
  });

  test('staff and support are refused (403), the signed-out 401; an unknown page 404; nothing changes', async () => {
    const attempt = { title: 'Terms', body: 'Nothing is refundable.' };
    for (const who of [team.staff, team.support]) {
      assert.equal((await asStaff(ctx.app, who, 'PUT', '/admin/api/policies/terms', attempt)).statusCode, 403);
      assert.equal((await asStaff(ctx.app, who, 'GET', '/admin/api/policies')).statusCode, 403);
    }
    const signedOut = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/api/policies/terms',
      headers: { origin: 'http://api.test' },
      payload: attempt,
    });
    assert.equal(signedOut.statusCode, 401);
    const unknown = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/policies/refunds', attempt);
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, POLICY_MESSAGES.notFound);
    const terms = await read('terms');
    assert.equal(terms.policy.version, 1);
    assert.doesNotMatch(terms.policy.html, /Nothing is refundable/);
  });

  test('a script, raw HTML or a script link in the Markdown reaches shoppers as text, never as markup', async () => {
    const body = [
      'Hello <script>alert("x")</script>',
      '',
      '<img src="x" onerror="alert(1)">',
      '',
      '[Click](javascript:alert(1)) and [ok](https://example.com/help)',
    ].join('\n');
    const res = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/policies/cancellation', {
      title: 'Cancellation',
      body,
    });
    assert.equal(res.statusCode, 200, res.body);
    for (const html of [(await read('cancellation')).policy.html, res.json().data.html]) {
      assert.doesNotMatch(html, /<script|<img|href="javascript:/i);
      assert.match(html, /&lt;script&gt;/);
      assert.match(html, /&lt;img src=&quot;x&quot;/);
      assert.match(html, /<a href="https:\/\/example.com\/help">ok<\/a>/);
    }
    const preview = await asStaff(ctx.app, team.owner, 'POST', '/admin/api/policies/preview', { body });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.doesNotMatch(preview.json().data.html, /<script|<img/i);
  });
});

describe('the privacy page’s data protection contact', () => {
  test('the owner names it in the store settings; the storefront reads it', async () => {
    const view = (await asStaff(ctx.app, team.owner, 'GET', '/admin/api/store-settings')).json().data;
    assert.equal(view.settings.dataProtectionOfficerName, null);
    const res = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/store-settings', {
      ...view.settings,
      dataProtectionOfficerName: 'Meera Iyer',
      dataProtectionOfficerEmail: 'privacy@vastra.example',
    });
    assert.equal(res.statusCode, 200, res.body);
    const shown = (await ctx.app.inject({ method: 'GET', url: '/store-settings' })).json().data;
    assert.equal(shown.dataProtectionOfficerName, 'Meera Iyer');
    assert.equal(shown.dataProtectionOfficerEmail, 'privacy@vastra.example');
  });
});

describe('legal details of products', () => {
  const productApi = async (id: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/products/${id}` })).json().data.product;

  test('the seeded catalogue states no country of origin, manufacturer, importer or net quantity', async () => {
    const [stated] = await ctx.database.db
      .select({ n: count() })
      .from(products)
      .where(
        or(
          isNotNull(products.countryOfOrigin),
          isNotNull(products.manufacturer),
          isNotNull(products.importer),
          isNotNull(products.netQuantity),
        ),
      );
    assert.equal(stated!.n, 0);
    const [any] = await ctx.database.db.select({ id: products.id }).from(products).limit(1);
    const shown = await productApi(any!.id);
    assert.equal(shown.countryOfOrigin, null);
    assert.ok('manufacturer' in shown && 'importer' in shown && 'netQuantity' in shown);
  });

  test('the CSV import writes them, the product API and the export carry them, a file without the columns keeps them', async () => {
    const head =
      'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock';
    const file = path.join(ctx.dataDir, 'legal.csv');
    fs.writeFileSync(
      file,
      `${head},country_of_origin,manufacturer,importer,net_quantity\n` +
        'LEGAL-1,Block Print Kurta,Vastra Studio,Women,Apparel,Topwear,Kurtas,Indigo,S|M,1299,1899,5,India,"Vastra Textiles, 12 MG Road, Jaipur 302001",,1 N\n',
    );
    await importProductsCsv(ctx.database.db, file);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.externalId, 'LEGAL-1'));
    const shown = await productApi(row!.id);
    assert.equal(shown.countryOfOrigin, 'India');
    assert.equal(shown.manufacturer, 'Vastra Textiles, 12 MG Road, Jaipur 302001');
    assert.equal(shown.importer, null);
    assert.equal(shown.netQuantity, '1 N');

    const exported = await asStaff(ctx.app, team.staff, 'GET', '/admin/api/products/export.csv');
    assert.match(exported.body.split('\n')[0]!, /,country_of_origin,manufacturer,importer,net_quantity/);
    assert.match(exported.body, /India,"Vastra Textiles, 12 MG Road, Jaipur 302001",,1 N/);

    fs.writeFileSync(
      file,
      `${head}\nLEGAL-1,Block Print Kurta,Vastra Studio,Women,Apparel,Topwear,Kurtas,Indigo,S|M,1199,1899,5\n`,
    );
    await importProductsCsv(ctx.database.db, file);
    const [kept] = await ctx.database.db.select().from(products).where(eq(products.externalId, 'LEGAL-1'));
    assert.equal(kept!.countryOfOrigin, 'India');
    assert.equal(kept!.netQuantity, '1 N');
    assert.equal(kept!.pricePaise, 119900);
  });

  test('the admin edits them; the product API shows the edit; support cannot', async () => {
    const [row] = await ctx.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const id = row!.id;
    const edit = {
      countryOfOrigin: 'Bangladesh',
      importer: 'Vastra Retail, 4 Residency Road, Bengaluru 560025',
      netQuantity: '2 N',
    };
    const bySupport = await asStaff(ctx.app, team.support, 'PATCH', `/admin/api/products/${id}`, edit);
    assert.equal(bySupport.statusCode, 403);
    const res = await asStaff(ctx.app, team.staff, 'PATCH', `/admin/api/products/${id}`, edit);
    assert.equal(res.statusCode, 200, res.body);
    const admin = (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/products/${id}`)).json().data;
    assert.equal(admin.countryOfOrigin, 'Bangladesh');
    const shown = await productApi(id);
    assert.equal(shown.countryOfOrigin, 'Bangladesh');
    assert.equal(shown.importer, 'Vastra Retail, 4 Residency Road, Bengaluru 560025');
    assert.equal(shown.netQuantity, '2 N');
    // Cleared with an empty text: not stated.
    await asStaff(ctx.app, team.staff, 'PATCH', `/admin/api/products/${id}`, { netQuantity: '' });
    assert.equal((await productApi(id)).netQuantity, null);
  });
});
