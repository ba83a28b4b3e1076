/**
 * The full catalogue (`npm run seed -- --full`) on an in-memory PGlite: all 44,446 styles,
 * and seeding the 400-product store afterwards keeps them. Slow (about half a minute), so
 * it lives apart: `cd apps/api && node --import tsx --test src/db/seed/seed-full.test.ts`
 *
 * @postgres: the full catalogue, run with TEST_CATALOG=full.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { MEMORY, openDatabase, type Database } from '../client';
import { seedCatalog } from './index';

let database: Database;

before(async () => {
  database = await openDatabase({ dataDir: MEMORY });
  await database.migrate();
});
after(() => database.close());

async function count(query: string): Promise<number> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: { n: string | number }[] };
  return Number(result.rows[0]!.n);
}

test('--full imports all 44,446 styles, and the 400-product seed afterwards keeps them', async () => {
  let lastProgress: [number, number] = [0, 0];
  const full = await seedCatalog(database.db, {
    full: true,
    onProgress: (done, total) => (lastProgress = [done, total]),
  });
  assert.equal(full.products, 44_446);
  assert.deepEqual(lastProgress, [44_446, 44_446]);
  assert.equal(await count('select count(*) as n from products'), 44_446);
  assert.equal(await count('select count(*) as n from products where is_active'), 44_441);
  assert.equal(await count('select count(*) as n from variants'), full.variants);
  assert.equal(await count('select count(*) as n from products where price_paise <= 0 or price_paise > mrp_paise'), 0);
  assert.equal(
    await count(`select count(*) as n from products where images->0->>'url' = '/media/placeholder.svg'`),
    44_446 - 400,
  );
  assert.equal(full.collections, 7);

  const store = await seedCatalog(database.db);
  assert.equal(store.products, 400);
  assert.equal(await count('select count(*) as n from products'), 44_446);
  assert.equal(await count('select count(*) as n from variants'), full.variants);
  assert.equal(await count('select count(*) as n from collections'), 7);
});
