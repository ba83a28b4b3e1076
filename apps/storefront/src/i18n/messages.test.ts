import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

/**
 * The storefront in Hindi under /hi (src/i18n/routing.ts): every namespace file under
 * messages/en has its twin under messages/hi with the same keys, and each Hindi text is written,
 * not empty and not the English left in place, unless it is only names and codes that Hindi
 * keeps (names of the store and brands, sizes, codes such as GST, COD, UPI, OTP, amounts in ₹,
 * "English" in the switch).
 * Read from the JSON files themselves, so a namespace added later is checked too.
 */
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');
const namespaces = readdirSync(path.join(root, 'en'))
  .filter((file) => file.endsWith('.json'))
  .sort();

type Tree = { [key: string]: string | Tree };
const read = (locale: string, file: string): Tree => JSON.parse(readFileSync(path.join(root, locale, file), 'utf8'));

/** Each text of a namespace by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') texts.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) texts.set(inner, text);
  }
  return texts;
}

/**
 * Words a Hindi text keeps in English: the store's and brands' names (the store, Google,
 * the payment gateway, couriers), sizes, tax, payment and shipping codes, the language's own name.
 */
const KEPT_WORDS = new Set([
  // names
  'Vastra',
  'Google',
  'PhonePe',
  'Razorpay',
  'Delhivery',
  'English',
  // sizes
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  'XXXL',
  // codes
  'GST',
  'GSTIN',
  'CGST',
  'SGST',
  'IGST',
  'HSN',
  'PAN',
  'SKU',
  'COD',
  'UPI',
  'OTP',
  'AWB',
  'PDF',
]);

/**
 * Whether a text may read the same in Hindi: nothing left of it but ICU arguments (`{store}`),
 * numbers, amounts, symbols and KEPT_WORDS.
 */
function onlyNamesAndCodes(text: string): boolean {
  const words = text
    .replace(/\{[^{}]*\}/g, ' ')
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  return words.every((word) => KEPT_WORDS.has(word));
}

describe('messages in English and Hindi', () => {
  it('has a Hindi file for every English namespace, and no other', () => {
    const hindi = readdirSync(path.join(root, 'hi')).filter((file) => file.endsWith('.json'));
    assert.deepEqual(hindi.sort(), namespaces);
  });

  for (const file of namespaces) {
    const namespace = file.replace(/\.json$/, '');
    it(`${namespace}: the same keys in both, every Hindi text written`, () => {
      const english = flatten(read('en', file));
      const hindi = flatten(read('hi', file));
      const problems: string[] = [];
      for (const key of english.keys()) if (!hindi.has(key)) problems.push(`${namespace}.${key}: missing in hi`);
      for (const key of hindi.keys()) if (!english.has(key)) problems.push(`${namespace}.${key}: in hi, not in en`);
      for (const [key, text] of hindi) {
        if (!text.trim()) problems.push(`${namespace}.${key}: empty in hi`);
        else if (text === english.get(key) && !onlyNamesAndCodes(text)) {
          problems.push(`${namespace}.${key}: still English in hi (${JSON.stringify(text)})`);
        }
      }
      assert.equal(problems.length, 0, `Hindi messages to fix:\n  ${problems.join('\n  ')}`);
    });
  }

  it('keeps only names and codes in English', () => {
    assert.ok(onlyNamesAndCodes('© {year} {store}'));
    assert.ok(onlyNamesAndCodes('English'));
    assert.ok(onlyNamesAndCodes('₹ 1,299'));
    assert.ok(onlyNamesAndCodes('GST'));
    assert.ok(onlyNamesAndCodes('HSN {hsn} · GST {rate}% {tax}'));
    assert.ok(!onlyNamesAndCodes('View in English'));
    assert.ok(!onlyNamesAndCodes('Add to bag'));
  });
});
