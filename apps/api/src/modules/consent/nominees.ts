/**
 * The nominee a shopper names to exercise their rights should they die or be unable to (DPDP Act,
 * 2023, s. 14; docs/behaviour.md "Consent and the privacy notice"): one per account, theirs alone.
 *
 * Errors: NotFoundError(nomineeNotFound) when there is none to read or remove.
 */
import { CONSENT_MESSAGES, type Nominee } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { nominees } from './tables';

/** A nominee as the body gives it (validated by nomineeBodySchema: an email or a phone at least). */
export type NomineeInput = { name: string; relationship: string; email?: string; phone?: string };

const toNominee = (row: typeof nominees.$inferSelect): Nominee => ({
  name: row.name,
  relationship: row.relationship,
  email: row.email,
  phone: row.phone,
  updatedAt: row.updatedAt.toISOString(),
});

export class NomineeService {
  constructor(private readonly db: Db) {}

  /** The shopper's nominee, or NotFoundError. */
  async get(userId: string): Promise<Nominee> {
    const [row] = await this.db.select().from(nominees).where(eq(nominees.userId, userId));
    if (!row) throw new NotFoundError(CONSENT_MESSAGES.nomineeNotFound);
    return toNominee(row);
  }

  /** Names (or replaces) the shopper's nominee. */
  async put(userId: string, input: NomineeInput): Promise<Nominee> {
    const set = {
      name: input.name,
      relationship: input.relationship,
      email: input.email ?? null,
      phone: input.phone ?? null,
      updatedAt: new Date(),
    };
    const [row] = await this.db
      .insert(nominees)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: nominees.userId, set })
      .returning();
    return toNominee(row!);
  }

  /** Removes the shopper's nominee, or NotFoundError when there is none. */
  async remove(userId: string): Promise<void> {
    const gone = await this.db
      .delete(nominees)
      .where(eq(nominees.userId, userId))
      .returning({ userId: nominees.userId });
    if (gone.length === 0) throw new NotFoundError(CONSENT_MESSAGES.nomineeNotFound);
  }
}
