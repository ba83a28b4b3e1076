/**
 * The search dictionary: every word of the catalogue's search text with the number of
 * products it appears in. Typo correction picks the nearest dictionary word, so this must be
 * rebuilt (with the tables' planner statistics) whenever products are imported.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export async function refreshSearchTerms(db: Db): Promise<void> {
  // A bulk load leaves the planner without statistics until autovacuum comes round; without
  // them it misjudges every filter. Refresh them along with the dictionary.
  await db.execute(sql`ANALYZE products`);
  await db.execute(sql`ANALYZE variants`);
  await db.execute(sql`ANALYZE product_collections`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_terms`);
    await tx.execute(sql`
      INSERT INTO search_terms (term, frequency)
      SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', search_text) FROM products WHERE is_active')
      WHERE length(word) >= 2`);
  });
}
