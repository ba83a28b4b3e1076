/**
 * The register of personal data breaches (docs/admin.md "Data breaches"; DPDP Rules, 2025): what
 * happened, when it was found, the data and about how many people it touched, what was done, and
 * when the Data Protection Board and the people affected were told. The owner's alone; every
 * write is audited by the admin audit hook.
 *
 * Errors: NotFoundError(breachNotFound) for an unknown id.
 */
import { BREACH_MESSAGES, type DataBreach } from '@vastra/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { dataBreaches } from './tables';

/** An entry as the owner writes it (validated by dataBreachBodySchema; times ISO 8601). */
export type DataBreachInput = {
  discoveredAt: string;
  description: string;
  dataCategories: string;
  approxAffected: number;
  measuresTaken: string;
  reportedToBoardAt: string | null;
  peopleInformedAt: string | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toBreach = (row: typeof dataBreaches.$inferSelect): DataBreach => ({
  id: row.id,
  discoveredAt: row.discoveredAt.toISOString(),
  description: row.description,
  dataCategories: row.dataCategories,
  approxAffected: row.approxAffected,
  measuresTaken: row.measuresTaken,
  reportedToBoardAt: iso(row.reportedToBoardAt),
  peopleInformedAt: iso(row.peopleInformedAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const columns = (input: DataBreachInput) => ({
  discoveredAt: new Date(input.discoveredAt),
  description: input.description,
  dataCategories: input.dataCategories,
  approxAffected: input.approxAffected,
  measuresTaken: input.measuresTaken,
  reportedToBoardAt: input.reportedToBoardAt ? new Date(input.reportedToBoardAt) : null,
  peopleInformedAt: input.peopleInformedAt ? new Date(input.peopleInformedAt) : null,
});

export class BreachRegister {
  constructor(private readonly db: Db) {}

  /** Every entry, the latest discovered first. */
  async list(): Promise<DataBreach[]> {
    const rows = await this.db.select().from(dataBreaches).orderBy(desc(dataBreaches.discoveredAt));
    return rows.map(toBreach);
  }

  /** One entry, or NotFoundError. */
  async get(id: string): Promise<DataBreach> {
    const [row] = await this.db.select().from(dataBreaches).where(eq(dataBreaches.id, id));
    if (!row) throw new NotFoundError(BREACH_MESSAGES.notFound);
    return toBreach(row);
  }

  async create(input: DataBreachInput): Promise<DataBreach> {
    const [row] = await this.db.insert(dataBreaches).values(columns(input)).returning();
    return toBreach(row!);
  }

  /** Replaces an entry's fields, or NotFoundError. */
  async update(id: string, input: DataBreachInput): Promise<DataBreach> {
    const [row] = await this.db
      .update(dataBreaches)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(dataBreaches.id, id))
      .returning();
    if (!row) throw new NotFoundError(BREACH_MESSAGES.notFound);
    return toBreach(row);
  }
}
