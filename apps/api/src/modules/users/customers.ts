/**
 * The store's reads of shoppers' accounts for the admin (docs/admin.md): the customer list with
 * search (name, email, phone) and the blocked filter, and the ids matching a search (the
 * order search). Secrets (password hash, Google id) never leave here.
 */
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from './tables';

export type CustomerRow = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  phoneVerified: boolean;
  isEmailVerified: boolean;
  blocked: boolean;
  createdAt: string;
};

function matching(q: string): SQL | undefined {
  const term = q.trim().replace(/[%_\\]/g, '');
  const digits = term.replace(/\D/g, '');
  return or(
    ilike(users.email, `%${term}%`),
    ilike(users.name, `%${term}%`),
    digits.length >= 6 ? eq(users.phone, digits.slice(-10)) : undefined,
  );
}

export class Customers {
  constructor(private readonly db: Db) {}

  async list(filter: {
    q?: string;
    blocked?: boolean;
    page: number;
    perPage: number;
  }): Promise<{ rows: CustomerRow[]; total: number }> {
    const where = and(
      filter.q ? matching(filter.q) : undefined,
      filter.blocked === undefined ? undefined : filter.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return { rows: rows.map(toCustomer), total: total?.n ?? 0 };
  }

  /** One customer, or null. */
  async get(id: string): Promise<CustomerRow | null> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row ? toCustomer(row) : null;
  }

  /** Ids of the accounts whose email, name or phone match `q` (at most 200). */
  async idsMatching(q: string): Promise<string[]> {
    const rows = await this.db.select({ id: users.id }).from(users).where(matching(q)).limit(200);
    return rows.map((r) => r.id);
  }
}

function toCustomer(row: typeof users.$inferSelect): CustomerRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneVerified: row.phoneVerifiedAt !== null,
    isEmailVerified: row.isEmailVerified,
    blocked: row.blockedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
