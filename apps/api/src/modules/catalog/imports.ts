/**
 * The admin's catalogue imports (docs/admin.md "Importing and exporting the catalogue"; columns
 * in docs/importing-products.md): `CatalogImports` runs an import of a products CSV
 * (./csv-import.ts) as a background job while the store keeps serving. It checks every row
 * first (a dry run stops there and lists every bad row by line), then writes all rows in one
 * transaction, recording each size's stock change as a `counted` stock movement; its progress
 * and outcome are kept as the import history. The progress is written to the import's row as
 * it goes, outside the import's transaction, so every API instance answers it, not only the one
 * running the job.
 */
import { CATALOG_IMPORT_MESSAGES, type CatalogImport } from '@vastra/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { Jobs } from '../../lib/jobs';
import { checkProductsCsv, CsvImportError, importProductsContent } from './csv-import';
import { catalogImports } from './tables';

/** Imports kept in the history the admin lists. */
const HISTORY_LENGTH = 50;

type ImportRow = typeof catalogImports.$inferSelect;

const present = (r: ImportRow): CatalogImport => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export class CatalogImports {
  /** Jobs running in this instance, with their progress (the row has it too, a moment later). */
  private readonly running = new Map<string, CatalogImport>();

  constructor(
    private readonly deps: {
      db: Db;
      jobs: Jobs;
      /** Called after an import wrote products, so caches and the storefront drop the old ones. */
      onImported: () => Promise<void>;
    },
  ) {}

  /** Queues the import of `csv` (a dry run unless `dryRun` is false); answers the job at once. */
  async start(input: { csv: string; fileName: string; dryRun: boolean; actor: string }): Promise<CatalogImport> {
    const { db } = this.deps;
    const [job] = await db
      .insert(catalogImports)
      .values({ fileName: input.fileName, dryRun: input.dryRun, status: 'queued', actor: input.actor })
      .returning();
    const queued = present(job!);
    // In this process: the CSV is held in memory rather than stored, and progress is read from here.
    this.deps.jobs.later('catalog-import', { importId: queued.id }, () => this.run(queued, input));
    return queued;
  }

  /**
   * One import with its progress and problems; NotFoundError otherwise. A job running in this
   * instance answers from memory (on the embedded database a read would wait for its
   * transaction); another instance's, from its row.
   */
  async get(id: string): Promise<CatalogImport> {
    const running = this.running.get(id);
    if (running) return running;
    const [row] = await this.deps.db.select().from(catalogImports).where(eq(catalogImports.id, id));
    if (!row) throw new NotFoundError(CATALOG_IMPORT_MESSAGES.notFound);
    return present(row);
  }

  /** The latest imports, newest first. */
  async history(): Promise<CatalogImport[]> {
    const rows = await this.deps.db
      .select()
      .from(catalogImports)
      .orderBy(desc(catalogImports.createdAt))
      .limit(HISTORY_LENGTH);
    return rows.map((r) => this.running.get(r.id) ?? present(r));
  }

  private async run(job: CatalogImport, input: { csv: string; fileName: string; dryRun: boolean; actor: string }) {
    const { db } = this.deps;
    const set = (values: Partial<ImportRow>) =>
      db.update(catalogImports).set(values).where(eq(catalogImports.id, job.id));
    const progress = progressWriter((values) => set(values));
    this.running.set(job.id, { ...job, status: 'checking' });
    await set({ status: 'checking' });
    try {
      if (input.dryRun) {
        const { products: total } = await checkProductsCsv(db, input.fileName, input.csv);
        await set({ status: 'checked', total, finishedAt: new Date() });
        return;
      }
      const result = await importProductsContent(db, input.fileName, input.csv, {
        stockMovements: { actor: input.actor, reference: `import ${input.fileName}`.slice(0, 200) },
        onProgress: (done, total) => {
          this.running.set(job.id, { ...job, status: 'writing', done, total });
          progress.write({ status: 'writing', done, total });
        },
      });
      await progress.settled();
      await set({
        status: 'done',
        total: result.products,
        done: result.products,
        variants: result.variants,
        finishedAt: new Date(),
      });
      await this.deps.onImported();
    } catch (err) {
      const problems =
        err instanceof CsvImportError
          ? err.problems
          : [{ line: 0, message: `${CATALOG_IMPORT_MESSAGES.stopped} ${(err as Error).message}` }];
      await progress.settled();
      await set({ status: 'failed', problems, finishedAt: new Date() });
    } finally {
      this.running.delete(job.id);
    }
  }
}

/**
 * Writes an import's progress to its row from outside the import's transaction (a connection
 * of its own on PostgreSQL; on the embedded database it waits for the transaction, where only
 * this process reads it anyway): one write at a time, the latest progress only, never
 * throwing (progress is news, not data). `settled()` resolves once nothing is being written,
 * so the outcome is written after the last progress.
 */
function progressWriter(write: (values: Partial<ImportRow>) => Promise<unknown>) {
  let latest: Partial<ImportRow> | null = null;
  let writing: Promise<void> | null = null;
  const drain = async () => {
    while (latest) {
      const values = latest;
      latest = null;
      await write(values).catch(() => {});
    }
    writing = null;
  };
  return {
    write(values: Partial<ImportRow>): void {
      latest = values;
      writing ??= drain();
    },
    settled: async (): Promise<void> => {
      await writing;
    },
  };
}
