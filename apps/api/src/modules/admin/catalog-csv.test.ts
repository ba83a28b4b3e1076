/**
 * The catalogue as CSV in the admin (docs/admin.md "Importing and exporting the catalogue"):
 * export → import changes nothing on the 400-product store; an import is a background job whose
 * dry run names every bad row and writes nothing, and which, fixed, writes the products with
 * their first stock as stock movements; the history; a filtered export; names a spreadsheet
 * would run exported with the formula guard and imported back unchanged; support refused. On
 * PostgreSQL, another API instance on the same database answers an import's progress while it
 * writes.
 *
 * @postgres: a second instance on the same database answers the import's progress.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import type { AdminRole, CatalogImport } from '@vastra/contracts';
import { count, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { auditLog, stockMovements } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;

before(async () => {
  // The 400-product store on both databases: the round trip is of the whole store.
  ctx = await createTestApp({ catalog: 'store' });
  team = await staffTeam(ctx);
});
after(() => ctx.close());

const exportCsv = async (query = '') => {
  const res = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/products/export.csv${query}`);
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/csv/);
  assert.match(
    String(res.headers['content-disposition']),
    /attachment; filename="vastra-products-\d{4}-\d\d-\d\d\.csv"/,
  );
  return res.body;
};

/** Queues an import and waits for its end (a background job), answering it. */
async function imported(csv: string, dryRun: boolean, fileName = 'products.csv'): Promise<CatalogImport> {
  const res = await asStaff(ctx.app, team.staff, 'POST', '/admin/api/catalog/imports', { csv, fileName, dryRun });
  assert.equal(res.statusCode, 202, res.body);
  const job = res.json().data as CatalogImport;
  assert.equal(job.status, 'queued');
  const end = Date.now() + 60_000;
  for (;;) {
    const now = (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/catalog/imports/${job.id}`)).json()
      .data as CatalogImport;
    if (['checked', 'done', 'failed'].includes(now.status)) return now;
    assert.ok(Date.now() < end, `import still ${now.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A fingerprint of every product and size, every column (updated_at too). */
const fingerprint = async () => {
  const [row] = await queryRows<{ p: string; v: string; n: number }>(
    ctx.database.db,
    sql`
      SELECT (SELECT md5(string_agg(row_to_json(p)::text, ',' ORDER BY p.id)) FROM products p) AS p,
             (SELECT md5(string_agg(row_to_json(v)::text, ',' ORDER BY v.id)) FROM variants v) AS v,
             (SELECT count(*)::int FROM products) AS n`,
  );
  return row!;
};
const movements = async () => (await ctx.database.db.select({ n: count() }).from(stockMovements))[0]!.n;

const HEADER =
  'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock,hsn_code';
const rows = (gender: string) =>
  [
    HEADER,
    'CSV-001,Indigo Mul Kurta,Vastra Studio,Women,Apparel,Topwear,Kurtas,Indigo,S|M|L,1299,1899,5|3|0,6204',
    `CSV-002,Ivory Linen Kurta,Vastra Studio,${gender},Apparel,Topwear,Kurtas,Ivory,M|L,1499,1999,4,6204`,
    'CSV-003,Rust Cotton Kurta,Vastra Studio,Women,Apparel,Topwear,Kurtas,Rust,Free Size,999,999,7,6204',
  ].join('\n');

describe('catalogue CSV', () => {
  it('export then import changes nothing on the 400-product store', async () => {
    const csv = await exportCsv();
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    assert.equal(records.length, 400);
    const before = await fingerprint();
    const movedBefore = await movements();
    const job = await imported(csv, false, 'export.csv');
    assert.deepEqual([job.status, job.total, job.done, job.problems], ['done', 400, 400, []]);
    assert.deepEqual(await fingerprint(), before, 'every product and size as it was, updated_at too');
    assert.equal(await movements(), movedBefore, 'no stock changed');
  });

  it('names every bad row in a dry run and writes nothing; fixed, imports with progress and stock movements', async () => {
    const before = await fingerprint();
    const bad = await imported(rows('Man'), true, 'kurtas.csv');
    assert.equal(bad.status, 'failed');
    assert.deepEqual(bad.problems, [
      { line: 3, message: 'gender: must be one of Men, Women, Unisex, Boys, Girls (got "Man")' },
    ]);
    const checked = await imported(rows('Women'), true, 'kurtas.csv');
    assert.deepEqual([checked.status, checked.total, checked.problems], ['checked', 3, []]);
    assert.deepEqual(await fingerprint(), before, 'dry runs write nothing');

    const movedBefore = await movements();
    const done = await imported(rows('Women'), false, 'kurtas.csv');
    assert.deepEqual([done.status, done.total, done.done, done.variants], ['done', 3, 3, 6]);
    assert.equal((await fingerprint()).n, before.n + 3);
    assert.equal(await movements(), movedBefore + 5, 'each size given stock is a counted movement (L had 0)');
    const search = await ctx.app.inject({ method: 'GET', url: '/products/search?search=ivory%20linen%20kurta' });
    assert.ok(search.json().data.products.some((p: { name: string }) => p.name === 'Ivory Linen Kurta'));

    const history = (await asStaff(ctx.app, team.staff, 'GET', '/admin/api/catalog/imports')).json()
      .data as CatalogImport[];
    assert.deepEqual(
      history.slice(0, 3).map((h) => [h.fileName, h.dryRun, h.status]),
      [
        ['kurtas.csv', false, 'done'],
        ['kurtas.csv', true, 'checked'],
        ['kurtas.csv', true, 'failed'],
      ],
    );
    assert.equal(history[0]!.actor, team.staff.email);
  });

  it('exports a filtered list in the same columns', async () => {
    const csv = await exportCsv('?q=Ivory%20Linen');
    const [header, ...lines] = csv.trim().split('\n');
    assert.equal(
      header,
      'external_id,name,brand,gender,master_category,sub_category,article_type,color,sizes,price_inr,mrp_inr,stock,image_url,description,hsn_code,season,usage,year,country_of_origin,manufacturer,importer,net_quantity',
    );
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      /^CSV-002,Ivory Linen Kurta,Vastra Studio,Women,Apparel,Topwear,Kurtas,Ivory,M\|L,1499,1999,4\|4,/,
    );
  });

  it('guards cells a spreadsheet would run as formulas, and the import takes the guard off: names unchanged', async () => {
    // Names a spreadsheet would run, as a supplier's file brings them. A file's "'" before a
    // formula character is the guard, so a name that really begins with "'=" is written "''=".
    const cells = ['=SUM(A1)', '-Mid-rise Jeans', '+Size Kurta', '@Home Kurta', '-5', "''=Quoted", "'Tis the Season"];
    const names = ['=SUM(A1)', '-Mid-rise Jeans', '+Size Kurta', '@Home Kurta', '-5', "'=Quoted", "'Tis the Season"];
    const csv = [
      HEADER,
      ...cells.map((cell, i) => `FX-${i},${cell},Formula Test Co,Women,Apparel,Topwear,Kurtas,Red,M,999,999,2,6204`),
    ].join('\n');
    const job = await imported(csv, false, 'formulas.csv');
    assert.deepEqual([job.status, job.problems], ['done', []]);
    const stored = async () =>
      (
        await queryRows<{ name: string }>(
          ctx.database.db,
          sql`SELECT name FROM products WHERE brand = 'Formula Test Co' ORDER BY external_id`,
        )
      ).map((r) => r.name);
    assert.deepEqual(await stored(), names);

    const exported = await exportCsv('?brand=Formula%20Test%20Co');
    const records = parse(exported, { columns: true }) as Record<string, string>[];
    assert.deepEqual(
      names.map((_, i) => records.find((r) => r.external_id === `FX-${i}`)!.name),
      ["'=SUM(A1)", "'-Mid-rise Jeans", "'+Size Kurta", "'@Home Kurta", '-5', "''=Quoted", "'Tis the Season"],
      'a formula character gets a leading quote, and so does a quote before one; a number does not',
    );

    const before = await fingerprint();
    const again = await imported(exported, false, 'formulas-export.csv');
    assert.deepEqual([again.status, again.problems], ['done', []]);
    assert.deepEqual(await fingerprint(), before, 'every product as it was, updated_at too');
    assert.deepEqual(await stored(), names);
  });

  it('is for the owner and staff: support is refused and nothing is audited', async () => {
    const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    const n = await audits();
    const calls: [string, string, unknown][] = [
      ['POST', '/admin/api/catalog/imports', { csv: rows('Women'), fileName: 'x.csv', dryRun: true }],
      ['GET', '/admin/api/catalog/imports', undefined],
      ['GET', '/admin/api/products/export.csv', undefined],
    ];
    for (const [method, url, body] of calls) {
      assert.equal(
        (await asStaff(ctx.app, team.support, method as 'GET', url, body)).statusCode,
        403,
        `${method} ${url}`,
      );
    }
    assert.equal(await audits(), n);
    await imported(rows('Women'), true);
    assert.equal(await audits(), n + 1, 'an import is audited once');
  });
});

describe(
  'an import seen from another API instance',
  { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' },
  () => {
    it('shows its progress there while it writes, not only in the instance running it', async () => {
      const other = await createTestApp({ sameDatabaseAs: ctx });
      const blocker = new pg.Client({ connectionString: ctx.databaseUrl });
      await blocker.connect();
      try {
        const csv = await exportCsv();
        const total = (parse(csv, { columns: true }) as unknown[]).length;
        // Products can be read but not written until the blocker lets go: the import waits mid-write.
        await blocker.query('BEGIN');
        await blocker.query('LOCK TABLE products IN SHARE MODE');
        const res = await asStaff(ctx.app, team.staff, 'POST', '/admin/api/catalog/imports', {
          csv,
          fileName: 'export.csv',
          dryRun: false,
        });
        assert.equal(res.statusCode, 202, res.body);
        const id = (res.json().data as CatalogImport).id;
        const seen = async () =>
          (await asStaff(other.app, team.staff, 'GET', `/admin/api/catalog/imports/${id}`)).json()
            .data as CatalogImport;
        const end = Date.now() + 5000;
        let now = await seen();
        while (now.status !== 'writing' && Date.now() < end) {
          await new Promise((r) => setTimeout(r, 50));
          now = await seen();
        }
        assert.deepEqual(
          [now.status, now.done, now.total],
          ['writing', 0, total],
          'the other instance sees it writing',
        );
        await blocker.query('ROLLBACK');
        const done = await waitForEnd(() => seen());
        assert.deepEqual([done.status, done.done, done.total], ['done', total, total]);
      } finally {
        await blocker.query('ROLLBACK').catch(() => {});
        await blocker.end();
        await other.close();
      }
    });
  },
);

/** Polls `read` until the import has ended, for at most 60 s. */
async function waitForEnd(read: () => Promise<CatalogImport>): Promise<CatalogImport> {
  const end = Date.now() + 60_000;
  for (;;) {
    const now = await read();
    if (['checked', 'done', 'failed'].includes(now.status)) return now;
    assert.ok(Date.now() < end, `import still ${now.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
