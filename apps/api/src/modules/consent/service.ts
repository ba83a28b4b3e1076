/**
 * Consent under the Digital Personal Data Protection Act, 2023 (docs/behaviour.md "Consent and
 * the privacy notice"). Every consent given or withdrawn is a row of `consent_records`, never
 * changed afterwards; a purpose's current state is its latest row.
 *
 * - `account` is recorded when an account is made (the sign-up pages show the notice), `orders`
 *   when a shopper places an order under a notice version they had not yet taken (checkout shows it).
 * - The optional purposes (`cart_reminders`, `whatsapp_updates`, `price_alerts`) are given and withdrawn by the
 *   shopper, and recorded by the module acting on them when it applies the change (the account
 *   setting, the checkout's box, a mailed unsubscribe link, a WhatsApp STOP reply).
 * - Other modules ask `hasConsent` (one shopper) or `consenting` (many) before acting.
 */
import {
  PRIVACY_NOTICE_VERSION,
  type ConsentChannel,
  type ConsentPurpose,
  type ConsentRecord,
  type Consents,
} from '@vastra/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consentRecords } from './tables';

type Row = typeof consentRecords.$inferSelect;

const toRecord = (row: Row): ConsentRecord => ({
  purpose: row.purpose,
  action: row.action,
  noticeVersion: row.noticeVersion,
  channel: row.channel,
  at: row.at.toISOString(),
});

export class ConsentService {
  constructor(
    private readonly deps: {
      db: Db;
      /** The notice version in force; tests may pin another. */
      noticeVersion?: string;
    },
  ) {}

  private get version(): string {
    return this.deps.noticeVersion ?? PRIVACY_NOTICE_VERSION;
  }

  /**
   * The latest record of `purpose` for `userId`, or null when there is none. `db`: the caller's
   * transaction when it records along with its own writes.
   */
  async latest(userId: string, purpose: ConsentPurpose, db: Db = this.deps.db): Promise<ConsentRecord | null> {
    const [row] = await db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, userId), eq(consentRecords.purpose, purpose)))
      .orderBy(desc(consentRecords.seq))
      .limit(1);
    return row ? toRecord(row) : null;
  }

  /** Whether `userId`'s latest record of `purpose` gives it (no record: not given); `db` as for `latest`. */
  async hasConsent(userId: string, purpose: ConsentPurpose, db: Db = this.deps.db): Promise<boolean> {
    return (await this.latest(userId, purpose, db))?.action === 'given';
  }

  /** Of `userIds`, those whose latest record of `purpose` gives it. */
  async consenting(userIds: string[], purpose: ConsentPurpose): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.deps.db
      .selectDistinctOn([consentRecords.userId], { userId: consentRecords.userId, action: consentRecords.action })
      .from(consentRecords)
      .where(and(inArray(consentRecords.userId, userIds), eq(consentRecords.purpose, purpose)))
      .orderBy(consentRecords.userId, desc(consentRecords.seq));
    return new Set(rows.filter((r) => r.action === 'given').map((r) => r.userId));
  }

  /**
   * Records that `userId` gave (`given`) or withdrew `purpose` through `channel`, under the notice
   * in force; nothing when the latest record already says so under this version. For changes the
   * caller has applied itself; `db` is its transaction when the change and the record go together.
   */
  async record(
    userId: string,
    purpose: ConsentPurpose,
    given: boolean,
    channel: ConsentChannel = 'web',
    db: Db = this.deps.db,
  ): Promise<ConsentRecord> {
    const action = given ? 'given' : 'withdrawn';
    const latest = await this.latest(userId, purpose, db);
    if (latest?.action === action && latest.noticeVersion === this.version) return latest;
    const [row] = await db
      .insert(consentRecords)
      .values({ userId, purpose, action, noticeVersion: this.version, channel })
      .returning();
    return toRecord(row!);
  }

  /** The shopper's consents: each purpose's latest record (with `given`), and every record, newest first. */
  async list(userId: string): Promise<Consents> {
    const rows = await this.deps.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, userId))
      .orderBy(desc(consentRecords.seq));
    const history = rows.map(toRecord);
    const seen = new Set<string>();
    const current = history
      .filter((r) => !seen.has(r.purpose) && seen.add(r.purpose))
      .map((r) => ({ ...r, given: r.action === 'given' }));
    return { current, history };
  }
}
