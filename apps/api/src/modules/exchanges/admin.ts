/**
 * The store's reads of exchanges for the admin (docs/admin.md "Exchanges"): the queue (asked-for
 * first, then the ones under way, then settled; newest first within each) and how many wait.
 */
import { ADMIN_API_PREFIX, type ExchangeRequest, type ExchangeStatus } from '@vastra/contracts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { presentExchanges } from './presenter';
import { exchangeRequests } from './tables';
import type { ExchangesDeps } from './types';

const QUEUE_RANK = sql`CASE ${exchangeRequests.status} WHEN 'requested' THEN 0 WHEN 'approved' THEN 1 WHEN 'picked_up' THEN 2 WHEN 'shipped' THEN 3 ELSE 4 END`;

export class ExchangesAdmin {
  constructor(private readonly deps: Pick<ExchangesDeps, 'db' | 'orders' | 'options'>) {}

  /** A page of exchanges (of `status` when given), photos linked through the admin API. */
  async queue(filter: {
    status?: ExchangeStatus[];
    page: number;
    perPage: number;
  }): Promise<{ rows: ExchangeRequest[]; total: number }> {
    const where = filter.status?.length ? inArray(exchangeRequests.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(exchangeRequests)
        .where(where)
        .orderBy(QUEUE_RANK, desc(exchangeRequests.createdAt))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.deps.db.select({ n: count() }).from(exchangeRequests).where(where),
    ]);
    const base = `${this.deps.options.publicUrl}${ADMIN_API_PREFIX}/exchanges/files`;
    return { rows: await presentExchanges(this.deps, rows, base), total: total?.n ?? 0 };
  }

  /** How many exchanges wait for the store's decision. */
  async waiting(): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(exchangeRequests)
      .where(eq(exchangeRequests.status, 'requested'));
    return row?.n ?? 0;
  }
}
