import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTranslator } from 'next-intl';
import en from '@/i18n/messages/en';
import hi from '@/i18n/messages/hi';
import { formatRate, gstNote, splitOfComponents, splitOfQuote, taxRows, type GstNoteTranslator } from './gst';

const translator = (locale: 'en' | 'hi'): GstNoteTranslator => {
  const t = createTranslator({ locale, messages: locale === 'en' ? en : hi, namespace: 'common.totals' });
  return (key, values) => t(key, values);
};

describe('GST breakdown (behaviour.md §3 Tax result)', () => {
  it('lists CGST before SGST before IGST, each with its rate', () => {
    const rows = taxRows([
      { name: 'SGST', rate: 9, amount: 99.09 },
      { name: 'CGST', rate: 9, amount: 99.09 },
    ]);
    assert.deepEqual(rows, [
      { name: 'CGST', label: 'CGST @ 9%', amount: 99.09 },
      { name: 'SGST', label: 'SGST @ 9%', amount: 99.09 },
    ]);
    assert.deepEqual(taxRows([{ name: 'IGST', rate: 18, amount: 198.18 }]), [
      { name: 'IGST', label: 'IGST @ 18%', amount: 198.18 },
    ]);
  });

  it('lists the lower rate first when a slab table gives two rates', () => {
    const rows = taxRows([
      { name: 'IGST', rate: 18, amount: 500 },
      { name: 'IGST', rate: 5, amount: 100 },
    ]);
    assert.deepEqual(
      rows.map((r) => r.label),
      ['IGST @ 5%', 'IGST @ 18%'],
    );
  });

  it('writes rates as people do', () => {
    assert.equal(formatRate(9), '9');
    assert.equal(formatRate(2.5), '2.5');
    assert.equal(formatRate(0.125), '0.13');
  });

  it('says whether the prices hold GST and why it is split so', () => {
    assert.equal(
      gstNote(translator('en'), { pricesIncludeTax: true, split: 'intra', stateName: 'Karnataka' }),
      "Prices include GST. CGST and SGST apply for delivery to Karnataka, within the seller's state.",
    );
    assert.equal(
      gstNote(translator('en'), { pricesIncludeTax: false, split: 'inter', stateName: 'Delhi' }),
      "GST is added to the prices. IGST applies for delivery to Delhi, outside the seller's state.",
    );
    assert.equal(
      gstNote(translator('en'), { pricesIncludeTax: true, split: 'unknown' }),
      'Prices include GST. Shown as IGST until you choose a delivery address.',
    );
    assert.equal(
      gstNote(translator('hi'), { pricesIncludeTax: true, split: 'intra', stateName: 'Karnataka' }),
      'दामों में GST शामिल है। Karnataka में डिलीवरी विक्रेता के राज्य के अंदर है, इसलिए CGST और SGST लगते हैं।',
    );
  });

  it('tells the split of a quote by its place of supply, of an order by its components', () => {
    assert.equal(splitOfQuote({ placeOfSupply: null, intraState: false }), 'unknown');
    assert.equal(splitOfQuote({ placeOfSupply: '29', intraState: true }), 'intra');
    assert.equal(splitOfQuote({ placeOfSupply: '07', intraState: false }), 'inter');
    assert.equal(splitOfComponents([{ name: 'CGST', rate: 9, amount: 1 }]), 'intra');
    assert.equal(splitOfComponents([{ name: 'IGST', rate: 18, amount: 1 }]), 'inter');
    assert.equal(splitOfComponents([]), 'unknown');
  });
});
