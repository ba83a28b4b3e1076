/**
 * The seed's Hindi (hindi.ts) covers the whole catalogue: every category the full data set
 * makes (all 44,446 styles, not only the 400 the tests seed), every seeded collection and every
 * text of the seeded homepage. Run: `cd apps/api && node --import tsx --test src/db/seed/hindi.test.ts`
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { displayName } from '../../modules/catalog';
import { buildSections, COLLECTIONS } from './content';
import { COLLECTIONS_HI, CATEGORY_NAMES_HI, HOMEPAGE_HI } from './hindi';
import { CATALOG_DIR, readStyles } from './source';

const devanagari = /\p{sc=Devanagari}/u;

test('every category of the full catalogue has a Hindi name', () => {
  const names = new Set<string>();
  for (const s of readStyles(path.join(CATALOG_DIR, 'myntra_styles.csv'))) {
    for (const name of [s.masterCategory, s.subCategory, s.articleType]) names.add(displayName(name));
  }
  const missing = [...names].filter((n) => !CATEGORY_NAMES_HI[n] || !devanagari.test(CATEGORY_NAMES_HI[n]!));
  assert.deepEqual(missing, []);
});

test('every collection has a Hindi name and description', () => {
  for (const c of COLLECTIONS) {
    assert.ok(devanagari.test(COLLECTIONS_HI[c.slug]?.name ?? ''), c.slug);
    assert.ok(devanagari.test(COLLECTIONS_HI[c.slug]?.description ?? ''), c.slug);
  }
});

test("every homepage text has its Hindi but the store's name", () => {
  const everything = new Map(COLLECTIONS.map((c) => [c.slug, '/media/x.jpg']));
  const sections = buildSections(
    { collection: everything, showcase: new Map(Object.keys(HOMEPAGE_HI).map((k) => [k, '/media/x.jpg'])) },
    new Set(['kurtas']),
  );
  for (const s of sections) {
    if (s.title !== 'Vastra') assert.ok(s.titleHi, s.title);
    if (s.subtitle) assert.ok(s.subtitleHi, s.subtitle);
    const texts = JSON.stringify(s.content);
    for (const english of Object.keys(HOMEPAGE_HI)) {
      if (texts.includes(`"${english}"`)) assert.ok(texts.includes(HOMEPAGE_HI[english]!), english);
    }
  }
});
