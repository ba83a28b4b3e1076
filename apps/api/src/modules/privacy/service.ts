/**
 * A shopper's data rights (docs/behaviour.md "Data rights: export, erasure, retention"; DPDP Act
 * 2023 s.11–12): the summary of what the store keeps, the export of all of it (JSON or a printable
 * page), and the closing of the account with the erasure of its personal data. Every part reads
 * the registry (registry.ts), so a table is shown, exported and erased alike.
 *
 * Erasure runs in one transaction: the registry's statements in order (children first), the
 * account's tombstone, the store credit given up when the shopper agreed, `retain_until` on
 * the kept orders, and last the confirmation mail to the address being erased (a failed mail
 * rolls everything back). The uploaded files go from the file store after the commit.
 *
 * Closing asks for the password; an account without one gives a code, mailed to its email, or,
 * without an email (phone sign-in), texted to its verified mobile number.
 *
 * Errors: UnauthorizedError (wrong or missing password / code), ConflictError (an order, return
 * or exchange in progress; store credit not given up), NotFoundError (account already erased).
 */
import {
  PERSONAL_DATA_KINDS,
  PRIVACY_MESSAGES,
  erasureOrderInProgress,
  erasureStoreCreditLeft,
  TAX_RECORD_YEARS,
  formatPrice,
  paiseToRupees,
  type EraseAccountBody,
  type PersonalDataSummary,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { istDay } from '../../lib/india-time';
import type { Mailer } from '../../lib/mail';
import { verifyPassword, type OneTimeCodeService, type PhoneAuthService } from '../auth';
import { exportHtml } from './export-html';
import { accountErasedMail, erasureCodeMail } from './mail';
import { PERSONAL_DATA, type PersonalDataEntry } from './registry';

/** Order statuses after which nothing is on its way any more. */
const SETTLED_ORDER_STATUSES = ['payment_failed', 'delivered', 'cancelled', 'return_rejected', 'refunded'];
const OPEN_RETURN_STATUSES = ['requested', 'approved', 'picked_up'];
const OPEN_EXCHANGE_STATUSES = ['requested', 'approved', 'picked_up'];

export type PrivacyDeps = {
  db: Db;
  mailer: Mailer;
  codes: Pick<OneTimeCodeService, 'issue' | 'consume'>;
  /** The codes texted to the verified number of an account without an email (auth/phone.ts). */
  phoneCodes: Pick<PhoneAuthService, 'startErasure' | 'confirmErasure'>;
  /** Deletes stored files and their ledger rows (files/UploadService.remove). */
  removeFiles: (keys: string[]) => Promise<void>;
  /** Years without activity before an account is erased (store settings). */
  inactiveYears: () => Promise<number>;
};

type AccountRow = {
  id: string;
  email: string | null;
  name: string;
  password_hash: string | null;
  phone: string | null;
  phone_verified_at: Date | null;
  locale: 'en' | 'hi';
  erased_at: Date | null;
};

/** Where the code closing an account went: its email, or by SMS to its number ending `phoneEnding` (4 digits). */
export type ErasureCodeSent = { to: 'email' } | { to: 'sms'; phoneEnding: string };

/** The verified number a code closing an account without an email is texted to; null when it has an email or none. */
function textedNumber(account: AccountRow): string | null {
  return !account.email && account.phone && account.phone_verified_at ? account.phone : null;
}

/** Why an account is erased: the shopper asked, or it was inactive past the store's years. */
export type ErasureReason = 'request' | 'inactivity';

/**
 * The day until which an order placed at `placedAt` is kept (CGST Act s.36 with s.44): 72 months
 * from 31 December after the end of its financial year (April–March, India time), as YYYY-MM-DD.
 */
export function retainUntil(placedAt: Date): string {
  const [year, month] = istDay(placedAt).split('-').map(Number) as [number, number];
  const yearEnds = month >= 4 ? year + 1 : year;
  return `${yearEnds + TAX_RECORD_YEARS}-12-31`;
}

/** A row as exported: dates as ISO text, secret columns left out. */
function exportRow(entry: PersonalDataEntry, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (entry.secret?.includes(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

export class PrivacyService {
  constructor(private readonly deps: PrivacyDeps) {}

  private async account(userId: string, db: Db = this.deps.db): Promise<AccountRow> {
    const [row] = await queryRows<AccountRow>(
      db,
      sql`SELECT id, email, name, password_hash, phone, phone_verified_at, locale, erased_at FROM users WHERE id = ${userId}`,
    );
    if (!row || row.erased_at) throw new NotFoundError('Account not found');
    return row;
  }

  private async balancePaise(userId: string, db: Db = this.deps.db): Promise<number> {
    const [row] = await queryRows<{ paise: string | number }>(
      db,
      sql`SELECT coalesce(sum(amount_paise), 0) AS paise FROM wallet_entries WHERE user_id = ${userId}`,
    );
    return Number(row?.paise ?? 0);
  }

  /** GET /account/data: how many records of each kind the store keeps, and what erasure does to them. */
  async summary(userId: string): Promise<PersonalDataSummary> {
    const account = await this.account(userId);
    const counts = new Map<string, number>();
    for (const entry of PERSONAL_DATA) {
      if (entry.detail) continue;
      const [row] = await queryRows<{ n: string | number }>(
        this.deps.db,
        sql`SELECT count(*) AS n FROM (${entry.rows(userId)}) AS r`,
      );
      counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + Number(row?.n ?? 0));
    }
    const lines = PERSONAL_DATA_KINDS.map((kind) => ({
      kind,
      count: counts.get(kind) ?? 0,
      onErasure: PERSONAL_DATA.find((e) => e.kind === kind && !e.detail)!.action,
    }));
    return {
      lines,
      storeCreditBalance: paiseToRupees(await this.balancePaise(userId)),
      inactiveAccountErasureYears: await this.deps.inactiveYears(),
      taxRecordYears: TAX_RECORD_YEARS,
      reauth: account.password_hash ? 'password' : textedNumber(account) ? 'sms_code' : 'code',
    };
  }

  /**
   * Everything the registry lists for the user, table by table (snake_case columns as stored),
   * without the secret columns (password and code hashes, session ids, Google ids, push keys).
   */
  async exportData(userId: string): Promise<{ exportedAt: string; tables: Record<string, Record<string, unknown>[]> }> {
    await this.account(userId);
    const tables: Record<string, Record<string, unknown>[]> = {};
    for (const entry of PERSONAL_DATA) {
      const rows = await queryRows<Record<string, unknown>>(this.deps.db, entry.rows(userId));
      tables[entry.table] = rows.map((row) => exportRow(entry, row));
    }
    return { exportedAt: new Date().toISOString(), tables };
  }

  /** GET /account/data/export?format=html: the export as a printable page in the account's language. */
  async exportPage(userId: string, storeName: string): Promise<{ exportedAt: string; html: string }> {
    const { locale } = await this.account(userId);
    const data = await this.exportData(userId);
    const years = await this.deps.inactiveYears();
    return { exportedAt: data.exportedAt, html: exportHtml({ storeName, locale, years, ...data }) };
  }

  /**
   * POST /account/erase/code: a 6-digit code that closes an account without a password, mailed
   * to its email or, without one, texted to its verified number (asked from `ip`, counted in the
   * SMS limits). Throws ValidationError(noEmailForCode) when it has neither, TooManyRequestsError
   * when asked again too soon, ServiceUnavailableError when the SMS could not go.
   */
  async sendErasureCode(userId: string, ip: string): Promise<ErasureCodeSent> {
    const account = await this.account(userId);
    const phone = textedNumber(account);
    if (phone) {
      await this.deps.phoneCodes.startErasure(userId, phone, ip);
      return { to: 'sms', phoneEnding: phone.slice(-4) };
    }
    if (!account.email) throw new ValidationError(PRIVACY_MESSAGES.noEmailForCode);
    const code = await this.deps.codes.issue(userId, 'erase_account');
    await this.deps.mailer.send(
      { to: account.email, ...erasureCodeMail({ name: account.name, code, locale: account.locale }) },
      { oneTimeCode: code },
    );
    return { to: 'email' };
  }

  /**
   * POST /account/erase: checks the password (or, for an account without one, the mailed or
   * texted code), refuses while something is in progress, then erases (see the file's comment).
   */
  async eraseOnRequest(userId: string, body: EraseAccountBody): Promise<void> {
    const account = await this.account(userId);
    const phone = textedNumber(account);
    if (account.password_hash) {
      if (!body.password) throw new UnauthorizedError(PRIVACY_MESSAGES.passwordRequired);
      if (!(await verifyPassword(account.password_hash, body.password))) {
        throw new UnauthorizedError(PRIVACY_MESSAGES.passwordIncorrect);
      }
    } else if (phone) {
      if (!body.code) throw new UnauthorizedError(PRIVACY_MESSAGES.smsCodeRequired);
      await this.deps.phoneCodes.confirmErasure(userId, phone, body.code);
    } else {
      if (!body.code) throw new UnauthorizedError(PRIVACY_MESSAGES.codeRequired);
      await this.deps.codes.consume(userId, 'erase_account', body.code);
    }
    await this.erase(userId, 'request', { forfeitStoreCredit: body.forfeitStoreCredit });
  }

  /** ConflictError when an order, return or exchange is in progress. */
  private async refuseWhileInProgress(db: Db, userId: string): Promise<void> {
    const [order] = await queryRows<{ order_number: string }>(
      db,
      sql`SELECT order_number FROM orders WHERE user_id = ${userId}
            AND status NOT IN (${sql.join(
              SETTLED_ORDER_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
          ORDER BY created_at LIMIT 1`,
    );
    if (order) throw new ConflictError(erasureOrderInProgress(order.order_number));
    const open = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM return_requests WHERE user_id = ${userId}
            AND status IN (${sql.join(
              OPEN_RETURN_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
          UNION ALL
          SELECT id FROM exchange_requests WHERE user_id = ${userId}
            AND status IN (${sql.join(
              OPEN_EXCHANGE_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )})
          LIMIT 1`,
    );
    if (open.length > 0) throw new ConflictError(PRIVACY_MESSAGES.openReturn);
  }

  /**
   * Erases the account in one transaction (the file's comment). `claim` runs first inside it
   * (the retention job's once-only mark) and may answer false to leave everything as it is.
   * Answers whether the account was erased.
   */
  async erase(
    userId: string,
    reason: ErasureReason,
    options: { forfeitStoreCredit?: boolean; claim?: (tx: Db) => Promise<boolean> } = {},
  ): Promise<boolean> {
    const { db } = this.deps;
    let files: string[] = [];
    const erased = await db.transaction(async (tx) => {
      if (options.claim && !(await options.claim(tx))) return false;
      // The account's row lock: two erasures (or an erasure and an order) queue here.
      await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const account = await this.account(userId, tx);
      await this.refuseWhileInProgress(tx, userId);
      const balance = await this.balancePaise(userId, tx);
      if (balance > 0 && !options.forfeitStoreCredit) {
        throw new ConflictError(erasureStoreCreditLeft(formatPrice(paiseToRupees(balance))));
      }
      if (balance > 0) {
        await tx.execute(
          sql`INSERT INTO wallet_entries (user_id, kind, source, amount_paise, reason)
              VALUES (${userId}, 'expiry', 'staff', ${-balance},
                      ${reason === 'request' ? 'Given up when the account was closed' : 'Given up when the inactive account was erased'})`,
        );
      }
      files = await this.filesOf(tx, userId, account);
      const orders = await queryRows<{ id: string; created_at: Date }>(
        tx,
        sql`SELECT id, created_at FROM orders WHERE user_id = ${userId}`,
      );
      for (const order of orders) {
        await tx.execute(
          sql`UPDATE orders SET retain_until = ${retainUntil(new Date(order.created_at))} WHERE id = ${order.id}`,
        );
      }
      for (const entry of PERSONAL_DATA) if (entry.action !== 'keep') await tx.execute(entry.erase(userId));
      // Last: a failed mail rolls the erasure back, and the shopper can try again.
      if (account.email) {
        await this.deps.mailer.send({
          to: account.email,
          ...accountErasedMail({
            name: account.name,
            keptOrders: orders.length,
            reason,
            locale: account.locale,
          }),
        });
      }
      return true;
    });
    if (erased && files.length > 0) await this.deps.removeFiles(files);
    return erased;
  }

  /** Keys of the account's stored files: its uploads ledger, avatar and review photos. */
  private async filesOf(db: Db, userId: string, account: AccountRow): Promise<string[]> {
    const rows = await queryRows<{ key: string }>(
      db,
      sql`SELECT key FROM uploads WHERE user_id = ${userId}
          UNION SELECT avatar_key FROM users WHERE id = ${account.id} AND avatar_key IS NOT NULL
          UNION SELECT unnest(photo_keys) FROM reviews WHERE user_id = ${userId}`,
    );
    return rows.map((r) => r.key);
  }
}
