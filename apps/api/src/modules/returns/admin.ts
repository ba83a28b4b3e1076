/**
 * The store's reads of returns for the admin (docs/admin.md): the queue (asked-for returns
 * first, then the ones under way, newest first within each), how many wait, and the
 * shopper's evidence files without an owner check (the admin API guards them by role).
 */
import { ADMIN_API_PREFIX, ORDER_MESSAGES, type ReturnRequest, type ReturnStatus } from '@vastra/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { NotFoundError } from '../../lib/errors';
import { presentReturns } from './presenter';
import { returnFiles, returnRequests } from './tables';
import type { ReturnsDeps } from './types';

/** Queue order: what needs a decision, then what is under way, then what is settled. */
const QUEUE_RANK = sql`CASE ${returnRequests.status} WHEN 'requested' THEN 0 WHEN 'approved' THEN 1 WHEN 'picked_up' THEN 2 ELSE 3 END`;

export class ReturnsAdmin {
  constructor(private readonly deps: Pick<ReturnsDeps, 'db' | 'options' | 'orders' | 'files'>) {}

  /** A page of return requests (of `status` when given), with their files linked through the admin API. */
  async queue(filter: {
    status?: ReturnStatus[];
    page: number;
    perPage: number;
  }): Promise<{ rows: ReturnRequest[]; total: number }> {
    const where = filter.status?.length ? inArray(returnRequests.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(returnRequests)
        .where(where)
        .orderBy(QUEUE_RANK, desc(returnRequests.createdAt))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.deps.db.select({ n: count() }).from(returnRequests).where(where),
    ]);
    const views = await presentReturns(this.deps, rows);
    const base = `${this.deps.options.publicUrl}${ADMIN_API_PREFIX}/returns/files`;
    return {
      rows: views.map((view) => ({ ...view, files: view.files.map((f) => ({ ...f, url: `${base}/${f.id}` })) })),
      total: total?.n ?? 0,
    };
  }

  /** Return requests asked for in [from, to), oldest first. */
  async requestedBetween(from: Date, to: Date): Promise<ReturnRequest[]> {
    const rows = await this.deps.db
      .select()
      .from(returnRequests)
      .where(and(gte(returnRequests.createdAt, from), lt(returnRequests.createdAt, to)))
      .orderBy(asc(returnRequests.createdAt));
    return presentReturns(this.deps, rows);
  }

  /** How many returns wait for the store's decision. */
  async waiting(): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(returnRequests)
      .where(eq(returnRequests.status, 'requested'));
    return row?.n ?? 0;
  }

  /** An evidence file of any return (bytes and type); NotFoundError when unknown. */
  async file(fileId: string): Promise<{ body: Buffer; contentType: string }> {
    const [row] = await this.deps.db
      .select({ key: returnFiles.key, contentType: returnFiles.contentType })
      .from(returnFiles)
      .where(eq(returnFiles.id, fileId));
    const stored = row && (await this.deps.files.get(row.key));
    if (!row || !stored) throw new NotFoundError(ORDER_MESSAGES.returnNotFound);
    return { body: stored.body, contentType: row.contentType };
  }
}
