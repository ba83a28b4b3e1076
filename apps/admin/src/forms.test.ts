/** The form-to-body mappings that are plain functions: size charts, homepage content, GST slabs. */
import { describe, expect, test } from 'vitest';
import { contentBody } from './homepage/SectionContent';
import { sizeChartBody } from './sizing/body';
import { bodyOf, draftOf } from './taxes/draft';

describe('size chart form', () => {
  test('lengths in cm go as numbers, size names as text; removed columns and empty values are not sent', () => {
    expect(
      sizeChartBody({
        columns: [
          { key: 'chest', label: ' Chest ', unit: 'cm' },
          { key: 'intl', label: 'International', unit: 'size' },
        ],
        rows: [
          { size: ' M ', values: { chest: '96.5', intl: ' EU 48 ', waist: '80' } },
          { size: 'L', values: { chest: 'about 100', intl: '' } },
        ],
        sourceName: ' Brand chart ',
        sourceUrl: '',
      }),
    ).toEqual({
      columns: [
        { key: 'chest', label: 'Chest', unit: 'cm' },
        { key: 'intl', label: 'International', unit: null },
      ],
      rows: [
        { size: 'M', values: { chest: 96.5, intl: 'EU 48' } },
        { size: 'L', values: { chest: 'about 100' } },
      ],
      sourceName: 'Brand chart',
      sourceUrl: null,
    });
  });
});

describe('homepage section form', () => {
  test('an empty optional link of a collection highlight is left out; a hero keeps its content as typed', () => {
    expect(contentBody('collection_highlight', { collectionSlug: 'festive', cta: { label: '', href: '' } })).toEqual({
      collectionSlug: 'festive',
    });
    const hero = {
      slides: [{ title: 'Diwali', subtitle: '', image: '/media/a.jpg', cta: { label: 'Shop', href: '/' } }],
    };
    expect(contentBody('hero', hero)).toEqual(hero);
  });
});

describe('GST slab form', () => {
  test('rupees go as paise, an empty HSN prefix and upper end as null, and a rate reads back as typed', () => {
    const body = bodyOf({
      hsnPrefix: ' ',
      categoryId: 'k1',
      minRupees: '1000.01',
      maxRupees: '',
      rateBasisPoints: 1800,
      description: ' Above ₹ 1,000 ',
    });
    expect(body).toEqual({
      hsnPrefix: null,
      categoryId: 'k1',
      minUnitPaise: 100001,
      maxUnitPaise: null,
      rateBasisPoints: 1800,
      description: 'Above ₹ 1,000',
    });
    expect(
      draftOf({ ...body, id: 't1', hsnPrefix: '61', maxUnitPaise: 250000, categoryPath: null } as never),
    ).toMatchObject({ id: 't1', hsnPrefix: '61', minRupees: '1000.01', maxRupees: '2500', rateBasisPoints: 1800 });
  });
});
