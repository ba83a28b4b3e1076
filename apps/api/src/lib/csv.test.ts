/**
 * The CSV writer's formula guard (lib/csv.ts): which cells get a `'`, that numbers keep their
 * sign, and that taking the guard off gives back every value exactly, a leading `'` included.
 * The exports and the import are tested through HTTP in admin.test.ts, catalog-csv.test.ts and
 * reports.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { guardCell, unguardCell, writeCsv } from './csv';

const VALUES = [
  '=1+1',
  '+91 98765 43210',
  '-Mid-rise',
  '@SUM(A1)',
  '\t=cmd',
  '\r=cmd',
  '＝1+1',
  '＠x',
  "'=1+1",
  "''-x",
  "'",
  "'Tis",
  "''",
  '-5',
  '+5',
  '-1299.50',
  '-.5',
  '--5',
  'Kurta',
  '',
  'a=b',
];

test('guards text a spreadsheet would run, and leaves numbers and plain text', () => {
  assert.deepEqual(
    VALUES.map(guardCell).filter((v, i) => v !== VALUES[i]),
    [
      "'=1+1",
      "'+91 98765 43210",
      "'-Mid-rise",
      "'@SUM(A1)",
      "'\t=cmd",
      "'\r=cmd",
      "'＝1+1",
      "'＠x",
      "''=1+1",
      "'''-x",
      "'-.5",
      "'--5",
    ],
  );
});

test('unguardCell gives back every value exactly', () => {
  for (const value of VALUES) assert.equal(unguardCell(guardCell(value)), value, JSON.stringify(value));
});

test('writeCsv guards text cells only: JavaScript numbers are written as they are', () => {
  const csv = writeCsv(
    ['name', 'change'],
    [
      ['=HYPERLINK("x")', -5],
      ['Kurta', 3],
    ],
  );
  assert.equal(csv, `name,change\n"'=HYPERLINK(""x"")",-5\nKurta,3\n`);
  assert.deepEqual(parse(csv), [
    ['name', 'change'],
    ['\'=HYPERLINK("x")', '-5'],
    ['Kurta', '3'],
  ]);
});
