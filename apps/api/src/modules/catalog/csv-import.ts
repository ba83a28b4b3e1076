/**
 * The products CSV in (the admin's import, modules/catalog/imports.ts, and `npm run import`):
 * a store owner's own catalogue in the columns documented in `docs/importing-products.md`
 * (prices in rupees there, stored as integer paise). Every row is checked with zod first; if
 * any row is bad nothing is imported and a CsvImportError lists each problem with its line
 * number. Otherwise all rows are upserted on `external_id` in one transaction by the
 * catalogue's one product writer (./product-writer.ts; variants on SKU
 * `VST-<external_id>-<SIZE>`, the product editor's SKU rule), missing categories are created,
 * and the search dictionary is rebuilt. A cell that begins with the
 * `'` the store's exports put before a formula character (lib/csv.ts) is read without it.
 */
import fs from 'node:fs';
import { and, inArray, notInArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { GENDERS } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { unguardCell } from '../../lib/csv';
import { ensureCategoryPaths, pathKey } from './category-paths';
import { hsnCodeFor } from './hsn';
import { describe, listingOf, PLACEHOLDER_URL, productSlug, searchTextFor, variantsFor } from './product-rules';
import { chunk, writeProducts, type ProductInput } from './product-writer';
import { refreshSearchTerms } from './search-terms';
import { products, stockMovements, variants as variantsTable } from './tables';

export type CsvProblem = { line: number; message: string };

/** A CSV that cannot be imported; `problems` has one entry per bad field or row. */
export class CsvImportError extends Error {
  constructor(
    readonly file: string,
    readonly problems: CsvProblem[],
  ) {
    const shown = problems.slice(0, 25).map((p) => (p.line ? `  line ${p.line}: ${p.message}` : `  ${p.message}`));
    if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
    super(`${file} was not imported (nothing was changed):\n${shown.join('\n')}`);
    this.name = 'CsvImportError';
  }
}

const REQUIRED = [
  'external_id',
  'name',
  'brand',
  'gender',
  'master_category',
  'sub_category',
  'article_type',
  'color',
  'sizes',
  'price_inr',
  'mrp_inr',
  'stock',
] as const;
const OPTIONAL = [
  'image_url',
  'description',
  'hsn_code',
  'season',
  'usage',
  'year',
  'country_of_origin',
  'manufacturer',
  'importer',
  'net_quantity',
] as const;
/**
 * The listing's legal details (behaviour.md "Policies and listing details"), by column and
 * product field. A file without one of these columns leaves that detail of stored products as
 * it is; an empty cell in a file that has it clears it.
 */
const LEGAL_COLUMNS = [
  ['country_of_origin', 'countryOfOrigin'],
  ['manufacturer', 'manufacturer'],
  ['importer', 'importer'],
  ['net_quantity', 'netQuantity'],
] as const;
/** The columns of a products CSV, in the order an export writes them. */
export const COLUMNS: readonly string[] = [...REQUIRED, ...OPTIONAL];

const capitalised = (v: string) => v.charAt(0).toUpperCase() + v.slice(1).toLowerCase();
const list = (v: string) =>
  v
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
const text = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((v) => v || null);
const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount in rupees like 1299 or 1299.50')
  .transform((v) => Math.round(Number(v) * 100))
  .refine((paise) => paise > 0, 'must be more than 0');

const rowSchema = z
  .object({
    external_id: z
      .string()
      .trim()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
        'must be 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit',
      ),
    name: text(200),
    brand: text(100),
    gender: z
      .string()
      .trim()
      .transform(capitalised)
      .pipe(z.enum(GENDERS, { message: `must be one of ${GENDERS.join(', ')}` })),
    master_category: text(60),
    sub_category: text(60),
    article_type: text(60),
    color: text(40),
    sizes: z
      .string()
      .transform(list)
      .pipe(
        z
          .array(z.string().max(20, 'each size must be at most 20 characters'))
          .min(1, 'needs at least one size, like S|M|L or Free Size')
          .refine((s) => new Set(s.map((x) => x.toLowerCase())).size === s.length, 'lists a size twice'),
      ),
    price_inr: rupees,
    mrp_inr: rupees,
    stock: z
      .string()
      .transform(list)
      .pipe(z.array(z.string().regex(/^\d{1,6}$/, 'must be whole numbers of 0 or more')).min(1, 'is required'))
      .transform((s) => s.map(Number)),
    image_url: z
      .string()
      .transform(list)
      .pipe(
        z.array(
          z.string().regex(/^(https?:\/\/|\/)\S*$/, 'must be http(s):// URLs or paths starting with /, separated by |'),
        ),
      ),
    description: optionalText(2000),
    hsn_code: z
      .string()
      .trim()
      .regex(/^(\d{4}|\d{6}|\d{8})?$/, 'must be 4, 6 or 8 digits')
      .transform((v) => v || null),
    season: z
      .string()
      .trim()
      .transform(capitalised)
      .pipe(z.enum(['', 'Summer', 'Fall', 'Winter', 'Spring'], { message: 'must be Summer, Fall, Winter or Spring' }))
      .transform((v) => v || null),
    usage: optionalText(40),
    year: z
      .string()
      .trim()
      .regex(/^((19|20)\d\d)?$/, 'must be a year like 2024')
      .transform((v) => (v ? Number(v) : null)),
    country_of_origin: optionalText(60),
    manufacturer: optionalText(500),
    importer: optionalText(500),
    net_quantity: optionalText(40),
  })
  .superRefine((r, ctx) => {
    if (r.mrp_inr < r.price_inr)
      ctx.addIssue({ code: 'custom', path: ['mrp_inr'], message: 'must not be less than price_inr' });
    if (r.stock.length !== 1 && r.stock.length !== r.sizes.length)
      ctx.addIssue({
        code: 'custom',
        path: ['stock'],
        message: `must be one number for every size, or ${r.sizes.length} numbers separated by |`,
      });
  });

type Row = z.infer<typeof rowSchema>;

/** First line of a record: csv-parse reports the last, and a quoted field may span lines. */
function startLine(lastLine: number, raw: string | undefined): number {
  const body = (raw ?? '').replace(/^[\r\n]+/, '').replace(/[\r\n]+$/, '');
  return lastLine - (body.match(/\n/g)?.length ?? 0);
}

/** Parses and checks the whole file; throws CsvImportError listing every problem. */
function readRows(file: string, content: Buffer | string): { lines: { line: number; row: Row }[]; header: string[] } {
  const problems: CsvProblem[] = [];
  const records = parse(content, {
    bom: true,
    columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
    skip_empty_lines: true,
    info: true,
    raw: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      if (err) problems.push({ line: typeof err.lines === 'number' ? err.lines : 0, message: err.message });
    },
  }) as { record: Record<string, string>; info: { lines: number }; raw: string }[];

  // Rows cannot be checked against a wrong header, so its problems are reported alone.
  const header = records[0] ? Object.keys(records[0].record) : [];
  const missing = REQUIRED.filter((c) => !header.includes(c));
  const unknown = header.filter((c) => !COLUMNS.includes(c));
  const headerProblems: CsvProblem[] = [];
  if (!records.length) headerProblems.push({ line: 0, message: 'has no product rows' });
  else if (missing.length) headerProblems.push({ line: 1, message: `missing column(s): ${missing.join(', ')}` });
  if (unknown.length)
    headerProblems.push({
      line: 1,
      message: `unknown column(s): ${unknown.join(', ')} (known: ${COLUMNS.join(', ')})`,
    });
  if (headerProblems.length) throw new CsvImportError(file, [...headerProblems, ...problems]);

  const rows: { line: number; row: Row }[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { record, info, raw } of records) {
    const line = startLine(info.lines, raw);
    // A cell of the store's own export may carry its formula guard: taken off, the value is as exported.
    const values = Object.fromEntries(COLUMNS.map((c) => [c, unguardCell(record[c] ?? '')]));
    const parsed = rowSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '');
        const got = values[column];
        problems.push({ line, message: `${column}: ${issue.message}${got ? ` (got "${got.slice(0, 40)}")` : ''}` });
      }
      continue;
    }
    const id = parsed.data.external_id;
    const seen = firstLineOf.get(id.toLowerCase());
    if (seen) problems.push({ line, message: `external_id: "${id}" is already used on line ${seen} (ignoring case)` });
    else firstLineOf.set(id.toLowerCase(), line);
    rows.push({ line, row: parsed.data });
  }
  if (problems.length)
    throw new CsvImportError(
      file,
      problems.sort((a, b) => a.line - b.line),
    );
  return { lines: rows, header };
}

/** The legal details of row `r` whose columns the file has (the others are left as stored). */
function legalOf(r: Row, header: readonly string[]): Partial<Record<(typeof LEGAL_COLUMNS)[number][1], string | null>> {
  return Object.fromEntries(LEGAL_COLUMNS.filter(([column]) => header.includes(column)).map(([c, f]) => [f, r[c]]));
}

function toInput(r: Row, header: readonly string[]): ProductInput {
  const facts = {
    name: r.name,
    brand: r.brand,
    gender: r.gender,
    masterCategory: r.master_category,
    subCategory: r.sub_category,
    articleType: r.article_type,
    color: r.color,
    usage: r.usage,
    season: r.season,
  };
  const description = r.description ?? describe({ ...facts, articleType: r.article_type, year: r.year });
  const variants = variantsFor(r.external_id, r.sizes, (_, i) => r.stock[r.stock.length === 1 ? 0 : i]!);
  const urls = r.image_url.length ? r.image_url : [PLACEHOLDER_URL];
  return {
    product: {
      externalId: r.external_id,
      slug: productSlug(r.name, r.external_id),
      name: r.name,
      brand: r.brand,
      description,
      gender: r.gender,
      color: r.color,
      season: r.season,
      usage: r.usage,
      year: r.year,
      hsnCode: r.hsn_code ?? hsnCodeFor(facts),
      ...legalOf(r, header),
      images: urls.map((url, i) => ({ url, isPrimary: i === 0 })),
      ...listingOf(variants.map((v) => ({ ...v, pricePaise: r.price_inr, mrpPaise: r.mrp_inr }))),
      searchText: searchTextFor({ ...facts, description }),
    },
    categoryKey: pathKey(r.master_category, r.sub_category, r.article_type),
    collectionSlugs: [],
    variants,
  };
}

/** What a checked file will write: its rows as products, and the categories they need. */
type CheckedCsv = {
  inputs: ProductInput[];
  paths: (readonly [string, string, string])[];
  images: Map<string, string>;
};

/**
 * Checks a whole products CSV (`content`, named `file` in messages) against the columns and
 * the stored products' URLs without writing anything; throws CsvImportError listing every
 * problem. Answers how many products it holds.
 */
export async function checkProductsCsv(db: Db, file: string, content: Buffer | string): Promise<{ products: number }> {
  return { products: (await checkCsv(db, file, content)).inputs.length };
}

async function checkCsv(db: Db, filePath: string, content: Buffer | string): Promise<CheckedCsv> {
  const { lines, header } = readRows(filePath, content);
  const rows = lines.map((l) => l.row);
  const inputs = rows.map((r) => toInput(r, header));

  // Slugs are unique in the table: two rows, or a row and another stored product, may clash.
  const problems: CsvProblem[] = [];
  const lineOfSlug = new Map<string, number>();
  inputs.forEach((input, i) => {
    const { line } = lines[i]!;
    const first = lineOfSlug.get(input.product.slug);
    if (first)
      problems.push({
        line,
        message: `name and external_id give the same product URL "${input.product.slug}" as line ${first}`,
      });
    else lineOfSlug.set(input.product.slug, line);
  });
  const clashes = await db
    .select({ slug: products.slug, externalId: products.externalId })
    .from(products)
    .where(
      and(
        inArray(products.slug, [...lineOfSlug.keys()]),
        notInArray(
          products.externalId,
          inputs.map((i) => i.product.externalId),
        ),
      ),
    );
  for (const c of clashes) {
    problems.push({
      line: lineOfSlug.get(c.slug)!,
      message: `the product URL "${c.slug}" belongs to the stored product ${c.externalId}: change name or external_id`,
    });
  }
  if (problems.length) throw new CsvImportError(filePath, problems);

  const images = new Map<string, string>();
  for (const r of rows) {
    const url = r.image_url[0];
    if (!url) continue;
    for (const key of [
      r.master_category,
      pathKey(r.master_category, r.sub_category),
      pathKey(r.master_category, r.sub_category, r.article_type),
    ]) {
      if (!images.has(key)) images.set(key, url);
    }
  }
  const paths = [
    ...new Map(
      rows.map((r) => [
        pathKey(r.master_category, r.sub_category, r.article_type),
        [r.master_category, r.sub_category, r.article_type] as const,
      ]),
    ).values(),
  ];

  return { inputs, paths, images };
}

export type ImportOptions = {
  onProgress?: (done: number, total: number) => void;
  /** Records each size's stock change as a `counted` stock movement by `actor`, with `reference`. */
  stockMovements?: { actor: string; reference: string };
};

/** Imports the products CSV at `filePath` (see `importProductsContent`). */
export async function importProductsCsv(
  db: Db,
  filePath: string,
  opts: ImportOptions = {},
): Promise<{ products: number; variants: number }> {
  let content: Buffer;
  try {
    content = fs.readFileSync(filePath);
  } catch (err) {
    throw new CsvImportError(filePath, [{ line: 0, message: (err as Error).message }]);
  }
  return importProductsContent(db, filePath, content, opts);
}

/**
 * Checks the whole CSV (`content`, named `file` in messages), then writes every row in one
 * transaction; throws CsvImportError, having changed nothing, when any row is bad.
 */
export async function importProductsContent(
  db: Db,
  file: string,
  content: Buffer | string,
  opts: ImportOptions = {},
): Promise<{ products: number; variants: number }> {
  const { inputs, paths, images } = await checkCsv(db, file, content);
  let done = 0;
  opts.onProgress?.(0, inputs.length);
  const skus = inputs.flatMap((i) => i.variants.map((v) => v.sku));
  const variants = await db.transaction(async (tx) => {
    const stockOf = async () =>
      new Map(
        (
          await Promise.all(
            chunk(skus, 10_000).map((part) =>
              tx
                .select({ id: variantsTable.id, sku: variantsTable.sku, stock: variantsTable.stock })
                .from(variantsTable)
                .where(inArray(variantsTable.sku, part)),
            ),
          )
        )
          .flat()
          .map((v) => [v.sku, v]),
      );
    const before = opts.stockMovements ? await stockOf() : null;
    const categoryIds = await ensureCategoryPaths(tx, paths, (key) => images.get(key) ?? null);
    const written = await writeProducts(tx, inputs, categoryIds, (n) => {
      done += n;
      opts.onProgress?.(done, inputs.length);
    });
    if (before && opts.stockMovements) {
      const { actor, reference } = opts.stockMovements;
      const moved = [...(await stockOf()).values()]
        .map((v) => ({ v, was: before.get(v.sku)?.stock ?? 0 }))
        .filter(({ v, was }) => v.stock !== was)
        .map(({ v, was }) => ({
          variantId: v.id,
          reason: 'counted' as const,
          stockBefore: was,
          stockAfter: v.stock,
          actor,
          reference,
        }));
      for (const part of chunk(moved, 5_000)) await tx.insert(stockMovements).values(part);
    }
    return written;
  });
  await refreshSearchTerms(db);
  return { products: inputs.length, variants };
}
