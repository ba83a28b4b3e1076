/**
 * The words of a product, one set of rules for every way a product is written (the admin's
 * editor, the CSV import, the seed): slugs, the display name of a category and the data's own
 * name behind it, singular forms, and the `search_text` the storefront's search reads. Pure, no
 * I/O.
 */

/** "Levi's Men T-Shirts & Tops" → "levis-men-t-shirts-tops". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Category names of the data that read badly in a shop; every other name is shown as is. */
const DISPLAY_NAMES: Record<string, string> = {
  Tshirts: 'T-Shirts',
  'Lounge Tshirts': 'Lounge T-Shirts',
  'Night suits': 'Night Suits',
  'Key chain': 'Key Chain',
};

export function displayName(name: string): string {
  return DISPLAY_NAMES[name] ?? name;
}

const SOURCE_NAMES = new Map(Object.entries(DISPLAY_NAMES).map(([source, shown]) => [shown, source]));

/** The data's own name of a category shown as `name` ("T-Shirts" → "Tshirts"), so an export reads as the import wrote it. */
export function sourceName(name: string): string {
  return SOURCE_NAMES.get(name) ?? name;
}

/** Article types that are plural by nature ("jeans", "sunglasses"): no singular is made of them. */
const PLURAL_ONLY =
  /(jeans|trousers|shorts|pants|capris|leggings|jeggings|tights|stockings|socks|gloves|briefs|boxers|sunglasses|cufflinks|earrings|shoes|sandals|flip flops|heels|flats|booties|dolls|suits|laces)$/;

/** "Watches" → "watch", "Kurtis" → "kurti", "Tshirts" → "tshirt"; "Jeans" stays "jeans". */
export function singular(name: string): string {
  const lower = name.toLowerCase();
  if (PLURAL_ONLY.test(lower)) return lower;
  if (/(ch|sh|x|ss)es$/.test(lower)) return lower.slice(0, -2);
  if (/[^s]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/**
 * The `search_text` of a product: its words in lower case, each once (the parts repeat one
 * another, and a shorter text keeps the full-text and trigram indexes smaller), plus the
 * joined form of every hyphenated word ("t-shirt" also as "tshirt", so both spellings find
 * it) and the singular of its article type, so the typo dictionary knows both forms.
 */
export function buildSearchText(parts: readonly (string | null | undefined)[], articleType: string): string {
  const words = new Set<string>();
  const add = (word: string) => {
    const w = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (w) words.add(w);
  };
  for (const part of parts) if (part && part !== 'NA') for (const w of part.toLowerCase().split(/\s+/)) add(w);
  for (const w of [...words]) if (/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)+$/u.test(w)) add(w.replace(/-/g, ''));
  for (const w of singular(articleType).split(' ')) add(w.replace(/-/g, ''));
  return [...words].join(' ');
}
