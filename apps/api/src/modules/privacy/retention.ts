/**
 * Retention (docs/behaviour.md "Data rights: export, erasure, retention"; DPDP Rules 2025 r.8):
 * the `privacy.retention` job's scan. An account with no sign-in and no order for the store's
 * `inactiveAccountErasureYears` gets a notice mail; 48 hours later, if it is still inactive, it is
 * erased as on request (PrivacyService.erase); a sign-in in between cancels the erasure. Orders
 * kept for GST past their `retain_until` are purged, and the rest an erased account's registry
 * entries keep once it has no order left and `KEPT_RECORDS_YEARS` have passed since its erasure.
 *
 * Last activity = the latest of the account's creation, its latest session (every sign-in opens
 * one) and its latest order. Accounts with store credit left, or without an email to notify, are
 * never picked: they are not erased unasked.
 *
 * Once across instances: a notice is claimed by inserting its row (the user id is the key), and
 * an erasure by setting the notice's `erased_at` inside the erasure's transaction, so of two
 * scans at once one mails and one erases. A purge deletes in one transaction: of two at once, the
 * second waits on the first's row locks and then finds the rows gone.
 */
import { INACTIVITY_NOTICE_HOURS, KEPT_RECORDS_YEARS } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { istDay, istDayStart } from '../../lib/india-time';
import type { Mailer } from '../../lib/mail';
import { inactivityNoticeMail } from './mail';
import { PERSONAL_DATA } from './registry';
import type { PrivacyService } from './service';

const HOUR_MS = 3_600_000;
const BATCH = 200;

/** The Indian day `years` calendar years before `day` (`YYYY-MM-DD`); 29 February gives the 28th. */
function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y - years, m - 1, d));
  if (at.getUTCMonth() !== m - 1) at.setUTCDate(0);
  return at.toISOString().slice(0, 10);
}

/** The latest sign-in, order or creation of the account `u`. */
const lastActivity = sql`GREATEST(u.created_at,
  (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id),
  (SELECT max(o.created_at) FROM orders o WHERE o.user_id = u.id))`;

export type RetentionDeps = {
  db: Db;
  privacy: Pick<PrivacyService, 'erase'>;
  mailer: Mailer;
  inactiveYears: () => Promise<number>;
  storefrontUrl: string;
  log: FastifyBaseLogger;
};

/** `purged`: orders purged; `purgedRecords`: rows of other kept records purged. */
export type RetentionResult = {
  noticed: number;
  erased: number;
  cancelled: number;
  purged: number;
  purgedRecords: number;
};

export class Retention {
  constructor(private readonly deps: RetentionDeps) {}

  /** One run of the job at `now`: notices, due erasures, purges. */
  async scan(now = new Date()): Promise<RetentionResult> {
    const noticed = await this.notify(now);
    const { erased, cancelled } = await this.eraseDue(now);
    const { purged, purgedRecords } = await this.purge(now);
    return { noticed, erased, cancelled, purged, purgedRecords };
  }

  private async notify(now: Date): Promise<number> {
    const { db } = this.deps;
    const years = await this.deps.inactiveYears();
    const cutoff = new Date(now);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
    const due = await queryRows<{ id: string; email: string; name: string; locale: 'en' | 'hi' }>(
      db,
      sql`SELECT u.id, u.email, u.name, u.locale FROM users u
          WHERE u.erased_at IS NULL AND u.email IS NOT NULL AND ${lastActivity} < ${cutoff.toISOString()}
            AND NOT EXISTS (SELECT 1 FROM inactivity_notices n WHERE n.user_id = u.id)
            AND coalesce((SELECT sum(w.amount_paise) FROM wallet_entries w WHERE w.user_id = u.id), 0) <= 0
          ORDER BY u.id LIMIT ${BATCH}`,
    );
    let noticed = 0;
    for (const user of due) {
      const sent = await db.transaction(async (tx) => {
        const claimed = await queryRows<{ user_id: string }>(
          tx,
          sql`INSERT INTO inactivity_notices (user_id, noticed_at, erase_after)
              VALUES (${user.id}, ${now.toISOString()}, ${new Date(now.getTime() + INACTIVITY_NOTICE_HOURS * HOUR_MS).toISOString()})
              ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
        );
        if (claimed.length === 0) return false;
        const prefix = `${this.deps.storefrontUrl}${user.locale === 'hi' ? '/hi' : ''}`;
        // Last: a failed mail rolls the claim back, and the next scan tries again.
        await this.deps.mailer.send({
          to: user.email,
          ...inactivityNoticeMail({ name: user.name, years, loginUrl: `${prefix}/auth/login`, locale: user.locale }),
        });
        return true;
      });
      if (sent) noticed += 1;
    }
    return noticed;
  }

  private async eraseDue(now: Date): Promise<{ erased: number; cancelled: number }> {
    const { db } = this.deps;
    const due = await queryRows<{ user_id: string; active: boolean }>(
      db,
      sql`SELECT n.user_id, (${lastActivity} > n.noticed_at) AS active
          FROM inactivity_notices n JOIN users u ON u.id = n.user_id
          WHERE n.erased_at IS NULL AND n.erase_after <= ${now.toISOString()}
          ORDER BY n.erase_after LIMIT ${BATCH}`,
    );
    let erased = 0;
    let cancelled = 0;
    for (const notice of due) {
      if (notice.active) {
        await db.execute(sql`DELETE FROM inactivity_notices WHERE user_id = ${notice.user_id} AND erased_at IS NULL`);
        cancelled += 1;
        continue;
      }
      try {
        const done = await this.deps.privacy.erase(notice.user_id, 'inactivity', {
          // The claim checks the activity again under the notice's row lock.
          claim: async (tx) =>
            (
              await queryRows(
                tx,
                sql`UPDATE inactivity_notices n SET erased_at = ${now.toISOString()}
                    FROM users u WHERE u.id = n.user_id AND n.user_id = ${notice.user_id}
                      AND n.erased_at IS NULL AND NOT (${lastActivity} > n.noticed_at)
                    RETURNING n.user_id`,
              )
            ).length > 0,
        });
        if (done) erased += 1;
      } catch (err) {
        // An order placed since, or credit given: the account is not inactive after all.
        if (!(err instanceof AppError)) throw err;
        await db.execute(sql`DELETE FROM inactivity_notices WHERE user_id = ${notice.user_id} AND erased_at IS NULL`);
        cancelled += 1;
      }
    }
    return { erased, cancelled };
  }

  /**
   * Deletes, in one transaction, erased accounts' orders past `retain_until` (with their lines,
   * invoices, payments, returns, coupon uses and store credit entries), then every row the
   * registry keeps (`purge`) of the erased accounts with no order left, erased on an Indian day
   * `KEPT_RECORDS_YEARS` or more before `now`'s. Logs the counts (orders, rows per table).
   */
  private async purge(now: Date): Promise<{ purged: number; purgedRecords: number }> {
    const { db } = this.deps;
    const today = istDay(now);
    const erasedBefore = istDayStart(yearsBefore(today, KEPT_RECORDS_YEARS), 1).toISOString();
    return db.transaction(async (tx) => {
      const expired = sql`SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id
                          WHERE u.erased_at IS NOT NULL AND o.retain_until < ${today}`;
      await tx.execute(
        sql`DELETE FROM wallet_entries WHERE order_id IN (${expired})
              OR return_request_id IN (SELECT id FROM return_requests WHERE order_id IN (${expired}))`,
      );
      await tx.execute(sql`DELETE FROM coupon_redemptions WHERE order_id IN (${expired})`);
      // A grievance may outlive the order it names (its number stays on it).
      await tx.execute(sql`UPDATE grievances SET order_id = NULL WHERE order_id IN (${expired})`);
      const removed = await queryRows<{ id: string }>(
        tx,
        sql`DELETE FROM orders WHERE id IN (${expired}) RETURNING id`,
      );
      if (removed.length > 0) this.deps.log.info({ purged: removed.length }, 'purged orders past their retention');

      const due = sql`SELECT u.id FROM users u WHERE u.erased_at < ${erasedBefore}
                      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = u.id)`;
      const counts: Record<string, number> = {};
      let purgedRecords = 0;
      for (const entry of PERSONAL_DATA) {
        if (entry.action !== 'keep') continue;
        const [row] = await queryRows<{ n: string | number }>(
          tx,
          sql`WITH gone AS (${entry.purge(due)} RETURNING 1) SELECT count(*) AS n FROM gone`,
        );
        const n = Number(row?.n ?? 0);
        if (n > 0) counts[entry.table] = n;
        purgedRecords += n;
      }
      if (purgedRecords > 0) {
        this.deps.log.info({ purgedRecords: counts }, 'purged records kept after erasure past their retention');
      }
      return { purged: removed.length, purgedRecords };
    });
  }
}
