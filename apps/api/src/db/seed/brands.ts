/**
 * Brand of a Myntra style, parsed from its title (the data has no brand column; every title
 * starts with the brand, as in "Turtle Check Men Navy Blue Shirt"). Rules, in order:
 *
 * 1. the longest brand name of the two priced Myntra files that the title starts with
 *    (case-insensitive, whole words): "United Colors of Benetton Men …";
 * 2. else the words before the first gender word (Men, Women, Boys, Girls, Unisex, Kids, also
 *    "Kids-Boys"), cut before a pattern or colour word after the first word ("Turtle Check
 *    Men …" → "Turtle", "Red Tape Black Men …" → "Red Tape"); a name found in fewer than
 *    RARE titles that extends one found in at least COMMON titles is that brand plus a
 *    product line ("Doodle Cute Girls …" → "Doodle", "Warner Bros Tweety Girls …" →
 *    "Warner Bros");
 * 3. else the first word.
 *
 * The spelling kept is the one most titles use for that brand ("CASIO Enticer" and
 * "Casio Enticer" both become the more common one), so the brand filter has one entry each.
 */

const GENDER_WORDS = new Set([
  'men',
  'mens',
  "men's",
  'women',
  'womens',
  "women's",
  'boy',
  'boys',
  "boy's",
  'girl',
  'girls',
  "girl's",
  'unisex',
  'kids',
  "kid's",
]);
const RARE = 5;
const COMMON = 20;

/** Words that describe the product, not the brand, when they follow the brand's first word. */
const DESCRIPTIVE_WORDS = new Set([
  'check',
  'checked',
  'solid',
  'striped',
  'stripes',
  'printed',
  'casual',
  'formal',
  'semi',
  'black',
  'white',
  'brown',
  'blue',
  'grey',
  'green',
  'navy',
]);

export type BrandParser = (title: string) => string;

/**
 * Builds the parser from the known brand names and every title it will see, so that the
 * spelling chosen for a brand is the same whichever subset of titles is later parsed.
 */
export function createBrandParser(knownBrands: readonly string[], allTitles: readonly string[]): BrandParser {
  const byFirstWord = new Map<string, string[][]>();
  for (const brand of new Set(knownBrands.map((b) => b.trim().toLowerCase()).filter(Boolean))) {
    const words = brand.split(/\s+/);
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push(words);
    byFirstWord.set(words[0]!, list);
  }
  for (const list of byFirstWord.values()) list.sort((a, b) => b.length - a.length);

  const span = (title: string): string => {
    const words = title.trim().split(/\s+/);
    const lower = words.map((w) => w.toLowerCase());
    const known = byFirstWord.get(lower[0]!)?.find((b) => b.every((w, i) => lower[i] === w));
    if (known) return words.slice(0, known.length).join(' ');
    const genderAt = lower.findIndex((w, i) => i > 0 && GENDER_WORDS.has(w.split('-')[0]!));
    if (genderAt > 0) {
      const descriptiveAt = lower.findIndex((w, i) => i > 0 && i < genderAt && DESCRIPTIVE_WORDS.has(w));
      return words.slice(0, descriptiveAt > 0 ? descriptiveAt : genderAt).join(' ');
    }
    return words[0]!;
  };

  const spans = new Map(allTitles.map((t) => [t, span(t)]));
  const titlesPer = new Map<string, number>();
  for (const s of spans.values()) titlesPer.set(s.toLowerCase(), (titlesPer.get(s.toLowerCase()) ?? 0) + 1);
  const brandOf = (s: string): string => {
    const words = s.split(' ');
    if ((titlesPer.get(s.toLowerCase()) ?? 0) >= RARE) return s;
    for (let n = words.length - 1; n >= 1; n--) {
      const shorter = words.slice(0, n).join(' ');
      if ((titlesPer.get(shorter.toLowerCase()) ?? 0) >= COMMON) return shorter;
    }
    return s;
  };

  const spellings = new Map<string, Map<string, number>>();
  for (const title of allTitles) {
    const s = brandOf(spans.get(title)!);
    const counts = spellings.get(s.toLowerCase()) ?? new Map<string, number>();
    counts.set(s, (counts.get(s) ?? 0) + 1);
    spellings.set(s.toLowerCase(), counts);
  }
  const canonical = new Map<string, string>();
  for (const [key, counts] of spellings) {
    // Most used spelling; ties go to the one that sorts first, so the choice never depends on row order.
    const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    canonical.set(key, best);
  }

  return (title) => {
    const s = brandOf(spans.get(title) ?? span(title));
    return canonical.get(s.toLowerCase()) ?? s;
  };
}
