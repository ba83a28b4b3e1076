/**
 * The catalogue's languages and its search synonyms (docs/behaviour.md "Catalogue languages",
 * "Search synonyms"): the public catalogue reads take `?lang=en|hi` and answer with the Hindi
 * text where the store wrote one, the English elsewhere, field by field; the admin's synonyms
 * widen what a search word finds.
 */
import { z } from 'zod';

/** The languages the catalogue's texts are kept in; English is every text's own. */
export const CATALOG_LANGS = ['en', 'hi'] as const;
export type CatalogLang = (typeof CATALOG_LANGS)[number];

export const CATALOG_LANG_MESSAGE = 'lang must be en or hi';

/** `lang` of a public catalogue read: en (default) or hi; anything else is refused with a 400. */
export const catalogLangSchema = z.enum(CATALOG_LANGS, { message: CATALOG_LANG_MESSAGE }).default('en');

/** The query of a catalogue read that takes nothing but the language. */
export const langQuerySchema = z.object({ lang: catalogLangSchema });

/**
 * An optional Hindi text of an admin form: trimmed, empty means none (null), so the English is
 * shown; `max` characters at most.
 */
export const hindiText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

export const SYNONYM_MESSAGES = {
  notFound: 'No such synonym.',
  termTaken: 'That word already has synonyms: edit them there.',
  oneWord: 'Give one word (letters and digits, Latin or Hindi).',
  equivalentsNeeded: 'Give at least one other word or phrase.',
} as const;

/** A search word as the search reads it: lower case, one word of letters and digits (Latin or Devanagari). */
const term = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, SYNONYM_MESSAGES.oneWord)
  .max(40)
  .regex(/^[a-z0-9\p{sc=Devanagari}]+$/u, SYNONYM_MESSAGES.oneWord);
/** A word or a phrase of up to four words the term also finds. */
const equivalent = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9\p{sc=Devanagari}]+([ -][a-z0-9\p{sc=Devanagari}]+){0,3}$/u, 'Use words of letters and digits.');

/** POST and PUT /admin/api/search-synonyms: a word and what it also finds (one way). */
export const searchSynonymBodySchema = z.object({
  term,
  equivalents: z
    .array(equivalent)
    .min(1, SYNONYM_MESSAGES.equivalentsNeeded)
    .max(20)
    .transform((list) => [...new Set(list)]),
});
export type SearchSynonymBody = z.input<typeof searchSynonymBodySchema>;

/** A synonym as the admin lists it. */
export const searchSynonymSchema = z.object({
  id: z.string(),
  term: z.string(),
  equivalents: z.array(z.string()),
  updatedAt: z.string(),
});
export type SearchSynonym = z.infer<typeof searchSynonymSchema>;
