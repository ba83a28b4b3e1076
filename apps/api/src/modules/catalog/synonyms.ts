/**
 * Search synonyms (docs/behaviour.md "Search synonyms", docs/admin.md "Search synonyms"): the
 * words the admin says a search word also finds ("chappal" → "flip flops", "कुर्ता" → "kurta"),
 * kept in `search_synonyms`, read whole by the search (cached with the catalogue's answers)
 * and edited by the admin. One way: a two-way pair is two rows.
 *
 * Callers audit each write as entity `search-synonym`, a catalogue change: every instance drops
 * its cached synonyms and search answers (changes.ts), so an edit works at once, without a restart.
 *
 * Errors: NotFoundError for an unknown id; ConflictError when the word already has a row.
 */
import { SYNONYM_MESSAGES, type SearchSynonym } from '@vastra/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { searchSynonyms } from './tables';

/** Each search word (lower case) with the words and phrases it also finds. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/** Every synonym, for the search. */
export async function loadSynonyms(db: Db): Promise<Synonyms> {
  const rows = await db
    .select({ term: searchSynonyms.term, equivalents: searchSynonyms.equivalents })
    .from(searchSynonyms);
  return new Map(rows.map((r) => [r.term.normalize('NFC'), r.equivalents]));
}

type Row = typeof searchSynonyms.$inferSelect;
const toPublic = (row: Row): SearchSynonym => ({
  id: row.id,
  term: row.term,
  equivalents: row.equivalents,
  updatedAt: row.updatedAt.toISOString(),
});

/** The admin's list, add, change and removal of synonyms. */
export class SynonymEditor {
  constructor(private readonly db: Db) {}

  /** Every synonym by its word. */
  async list(): Promise<SearchSynonym[]> {
    const rows = await this.db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.term));
    return rows.map(toPublic);
  }

  /** One synonym; NotFoundError. */
  async get(id: string): Promise<SearchSynonym> {
    const [row] = await this.db.select().from(searchSynonyms).where(eq(searchSynonyms.id, id));
    if (!row) throw new NotFoundError(SYNONYM_MESSAGES.notFound);
    return toPublic(row);
  }

  /** Adds a word and what it also finds; ConflictError when the word has a row already. */
  async create(body: { term: string; equivalents: string[] }): Promise<SearchSynonym> {
    const [row] = await this.db
      .insert(searchSynonyms)
      .values({ term: body.term.normalize('NFC'), equivalents: body.equivalents.map((e) => e.normalize('NFC')) })
      .onConflictDoNothing({ target: searchSynonyms.term })
      .returning();
    if (!row) throw new ConflictError(SYNONYM_MESSAGES.termTaken);
    return toPublic(row);
  }

  /** Replaces a synonym's word and what it finds; NotFoundError, ConflictError (the word is another row's). */
  async update(id: string, body: { term: string; equivalents: string[] }): Promise<SearchSynonym> {
    const term = body.term.normalize('NFC');
    const [other] = await this.db
      .select({ id: searchSynonyms.id })
      .from(searchSynonyms)
      .where(eq(searchSynonyms.term, term));
    if (other && other.id !== id) throw new ConflictError(SYNONYM_MESSAGES.termTaken);
    const [row] = await this.db
      .update(searchSynonyms)
      .set({ term, equivalents: body.equivalents.map((e) => e.normalize('NFC')), updatedAt: new Date() })
      .where(eq(searchSynonyms.id, id))
      .returning();
    if (!row) throw new NotFoundError(SYNONYM_MESSAGES.notFound);
    return toPublic(row);
  }

  /** Removes a synonym; NotFoundError. */
  async remove(id: string): Promise<void> {
    const [row] = await this.db
      .delete(searchSynonyms)
      .where(eq(searchSynonyms.id, id))
      .returning({ id: searchSynonyms.id });
    if (!row) throw new NotFoundError(SYNONYM_MESSAGES.notFound);
  }
}
