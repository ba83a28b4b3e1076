/**
 * Staff accounts and their sign-in (docs/admin.md): password (argon2id), then the
 * authenticator code or a recovery code when two-factor sign-in is on; sessions are random
 * tokens kept as SHA-256 rows, so signing out, a password change and disabling the account
 * end them. The owner may make two-factor sign-in mandatory (`requireTotp`): a staff member
 * without it can then only set it up.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_PERMISSIONS,
  LOW_STOCK_THRESHOLD,
  STAFF_SESSION_TTL_MS,
  roleCan,
  type AdminPermission,
  type AdminRole,
  type AdminSession,
  type AdminSettings,
  type Staff,
  type StaffLoginBody,
} from '@vastra/contracts';
import { and, asc, count, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword, type LoginThrottle } from '../auth';
import { adminSettings, staff, staffRecoveryCodes, staffSessions } from './tables';
import { newRecoveryCodes, newToken, recoveryCodeHash, sha256, type TotpKeys } from './totp';

type StaffRow = typeof staff.$inferSelect;

/** Who is calling the admin API: a staff member's session, or the operator token. */
export type StaffPrincipal = {
  /** Null for the operator token. */
  staffId: string | null;
  email: string;
  name: string;
  role: AdminRole;
  /** Null for the operator token. */
  sessionId: string | null;
  mustEnrolTotp: boolean;
};

/**
 * The operator token (lib/operator-token.ts) as a caller: an owner without an account, named
 * `operator` wherever a staff member's email would be recorded (audit log, stock movements,
 * timelines).
 */
export const OPERATOR_PRINCIPAL: StaffPrincipal = {
  staffId: null,
  email: 'operator',
  name: 'operator',
  role: 'owner',
  sessionId: null,
  mustEnrolTotp: false,
};

export type StaffSessionMeta = { userAgent?: string; ip?: string };
export type IssuedStaffSession = { token: string; expiresAt: Date };

const DEFAULT_SETTINGS: AdminSettings = { requireTotp: false, lowStockThreshold: LOW_STOCK_THRESHOLD };

/** The public shape of a staff row. */
export function toStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    totpEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly totp: TotpKeys,
    /** Limits wrong authenticator codes per account, from any address (docs/admin.md "Sign-in limits"). */
    private readonly codeThrottle: Pick<LoginThrottle, 'attemptCode'>,
  ) {}

  /**
   * Signs a staff member in. Throws UnauthorizedError with `incorrectCredentials` (wrong email
   * or password), `totpRequired` (two-factor on, no code sent), `totpIncorrect` /
   * `recoveryIncorrect` (a wrong, stale or replayed code); ForbiddenError for a disabled account;
   * TooManyRequestsError once the account's wrong authenticator codes reach their limit.
   */
  async login(
    input: StaffLoginBody,
    meta: StaffSessionMeta,
  ): Promise<{ session: IssuedStaffSession; view: AdminSession }> {
    const [row] = await this.db.select().from(staff).where(eq(staff.email, input.email)).limit(1);
    if (!(await verifyPassword(row?.passwordHash, input.password)) || !row) {
      throw new UnauthorizedError(ADMIN_MESSAGES.incorrectCredentials);
    }
    if (row.disabledAt) throw new ForbiddenError(ADMIN_MESSAGES.accountDisabled);
    const sealed = row.totpSecret;
    if (row.totpEnabledAt && sealed) {
      const { code, recoveryCode } = input;
      if (recoveryCode) await this.useRecoveryCode(row.id, recoveryCode);
      else if (code) await this.codeThrottle.attemptCode(row.id, () => this.acceptCode(row, sealed, code));
      else throw new UnauthorizedError(ADMIN_MESSAGES.totpRequired);
    }
    const session = await this.openSession(row.id, meta);
    const [signedIn] = await this.db
      .update(staff)
      .set({ lastLoginAt: new Date() })
      .where(eq(staff.id, row.id))
      .returning();
    return { session, view: await this.view(signedIn!) };
  }

  /** The principal of a session token; throws UnauthorizedError when it is unknown, expired, revoked or disabled. */
  async authenticate(token: string): Promise<StaffPrincipal> {
    const [found] = await this.db
      .select({ sessionId: staffSessions.id, member: staff })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, sha256(token)),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, new Date()),
          isNull(staff.disabledAt),
        ),
      )
      .limit(1);
    if (!found) throw new UnauthorizedError(ADMIN_MESSAGES.signInRequired);
    const { member } = found;
    return {
      staffId: member.id,
      email: member.email,
      name: member.name,
      role: member.role,
      sessionId: found.sessionId,
      mustEnrolTotp: !member.totpEnabledAt && (await this.settings()).requireTotp,
    };
  }

  async logout(sessionId: string): Promise<void> {
    await this.db.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, sessionId));
  }

  /** The signed-in staff member's view: record, whether they must set up 2FA, their permissions. */
  async me(staffId: string): Promise<AdminSession> {
    return this.view(await this.row(staffId));
  }

  /** Starts two-factor set-up: a new secret to scan, kept until `enableTotp` confirms it. */
  async startTotp(staffId: string): Promise<{ secret: string; uri: string }> {
    const row = await this.row(staffId);
    if (row.totpEnabledAt) throw new ConflictError(ADMIN_MESSAGES.totpAlreadyOn);
    const fresh = this.totp.newSecret(row.email);
    await this.db.update(staff).set({ totpSecret: fresh.sealed }).where(eq(staff.id, staffId));
    return { secret: fresh.base32, uri: fresh.uri };
  }

  /** Confirms set-up with a code from the app; turns 2FA on and returns fresh recovery codes (shown once). */
  async enableTotp(staffId: string, code: string): Promise<string[]> {
    const row = await this.row(staffId);
    if (row.totpEnabledAt) throw new ConflictError(ADMIN_MESSAGES.totpAlreadyOn);
    if (!row.totpSecret) throw new ValidationError(ADMIN_MESSAGES.totpNotStarted);
    await this.acceptCode(row, row.totpSecret, code);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await tx.update(staff).set({ totpEnabledAt: new Date() }).where(eq(staff.id, staffId));
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
      await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: recoveryCodeHash(c) })));
    });
    return codes;
  }

  /** Changes the password after checking the current one; every other session of the account ends. */
  async changePassword(principal: StaffPrincipal, current: string, next: string): Promise<void> {
    const row = await this.row(principal.staffId!);
    if (!(await verifyPassword(row.passwordHash, current))) {
      throw new UnauthorizedError(ADMIN_MESSAGES.incorrectCredentials);
    }
    const passwordHash = await hashPassword(next);
    await this.db.transaction(async (tx) => {
      await tx.update(staff).set({ passwordHash }).where(eq(staff.id, row.id));
      await tx
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(staffSessions.staffId, row.id),
            isNull(staffSessions.revokedAt),
            principal.sessionId ? ne(staffSessions.id, principal.sessionId) : undefined,
          ),
        );
    });
  }

  /** Every staff member, owners first. */
  async list(): Promise<Staff[]> {
    const rows = await this.db.select().from(staff).orderBy(asc(staff.role), asc(staff.email));
    return rows.map(toStaff);
  }

  /** One staff member (404 when unknown). */
  async get(id: string): Promise<Staff> {
    return toStaff(await this.row(id));
  }

  /**
   * Changes a staff member's role or disables (or re-enables) the account; disabling ends its
   * sessions. Throws ConflictError when the change would leave no active owner.
   */
  async update(id: string, change: { role?: AdminRole; disabled?: boolean }): Promise<Staff> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
      if (!row) throw new NotFoundError('Staff member not found');
      const losesOwner =
        row.role === 'owner' &&
        !row.disabledAt &&
        (change.disabled === true || (change.role && change.role !== 'owner'));
      if (losesOwner) {
        const [others] = await tx
          .select({ n: count() })
          .from(staff)
          .where(and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)));
        if (!others || others.n === 0) throw new ConflictError(ADMIN_MESSAGES.lastOwner);
      }
      const [updated] = await tx
        .update(staff)
        .set({
          ...(change.role ? { role: change.role } : {}),
          ...(change.disabled === undefined ? {} : { disabledAt: change.disabled ? new Date() : null }),
        })
        .where(eq(staff.id, id))
        .returning();
      if (change.disabled) {
        await tx
          .update(staffSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
      }
      return toStaff(updated!);
    });
  }

  async settings(): Promise<AdminSettings> {
    const rows = await this.db.select().from(adminSettings);
    const stored = Object.fromEntries(rows.filter((r) => r.key in DEFAULT_SETTINGS).map((r) => [r.key, r.value]));
    return { ...DEFAULT_SETTINGS, ...stored } as AdminSettings;
  }

  /** The store's low-stock threshold in pieces (admin settings; LOW_STOCK_THRESHOLD until the owner sets one). */
  async lowStockThreshold(): Promise<number> {
    return (await this.settings()).lowStockThreshold;
  }

  async updateSettings(change: Partial<AdminSettings>): Promise<AdminSettings> {
    for (const [key, value] of Object.entries(change)) await this.setStateValue(key, value);
    return this.settings();
  }

  /** A value the admin keeps for itself under `key` (e.g. when the store was last notified), or null. */
  async stateValue(key: string): Promise<unknown> {
    const [row] = await this.db.select().from(adminSettings).where(eq(adminSettings.key, key));
    return row?.value ?? null;
  }

  async setStateValue(key: string, value: unknown): Promise<void> {
    await this.db
      .insert(adminSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: adminSettings.key, set: { value, updatedAt: new Date() } });
  }

  /**
   * Sets `key` to `next` only if it still holds `expected` (null: no value yet), atomically, so
   * that of several instances running the same step one wins; whether this call won.
   */
  async swapStateValue(key: string, expected: unknown, next: unknown): Promise<boolean> {
    const won =
      expected === null
        ? await this.db.insert(adminSettings).values({ key, value: next }).onConflictDoNothing().returning()
        : await this.db
            .update(adminSettings)
            .set({ value: next, updatedAt: new Date() })
            .where(and(eq(adminSettings.key, key), sql`${adminSettings.value} = ${JSON.stringify(expected)}::jsonb`))
            .returning();
    return won.length > 0;
  }

  /** Whether any staff account exists (the development owner is made only on an empty table). */
  async any(): Promise<boolean> {
    const [row] = await this.db.select({ id: staff.id }).from(staff).limit(1);
    return row !== undefined;
  }

  /** Creates an account (invitation accepted, development owner); ConflictError when the email is taken. */
  async create(db: Db, input: { email: string; name: string; role: AdminRole; password: string }): Promise<Staff> {
    const passwordHash = await hashPassword(input.password);
    const [row] = await db
      .insert(staff)
      .values({ email: input.email, name: input.name, role: input.role, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError(ADMIN_MESSAGES.staffEmailTaken);
    return toStaff(row);
  }

  /** True when a staff account has this email. */
  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email)).limit(1);
    return row !== undefined;
  }

  private async openSession(staffId: string, meta: StaffSessionMeta): Promise<IssuedStaffSession> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + STAFF_SESSION_TTL_MS);
    await this.db.insert(staffSessions).values({
      staffId,
      tokenHash: sha256(token),
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300),
      ip: meta.ip,
    });
    return { token, expiresAt };
  }

  /** Accepts `code` when it is valid now and of a newer time step than the last accepted one (no replay). */
  private async acceptCode(row: StaffRow, sealed: string, code: string): Promise<void> {
    const step = this.totp.stepOf(sealed, code);
    if (step === null) throw new UnauthorizedError(ADMIN_MESSAGES.totpIncorrect);
    // The step is claimed in one conditional update, so two requests with one code cannot both pass.
    const claimed = await this.db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    if (claimed.length === 0) throw new UnauthorizedError(ADMIN_MESSAGES.totpIncorrect);
  }

  private async useRecoveryCode(staffId: string, code: string): Promise<void> {
    const used = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    if (used.length === 0) throw new UnauthorizedError(ADMIN_MESSAGES.recoveryIncorrect);
  }

  private async row(id: string): Promise<StaffRow> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, id)).limit(1);
    if (!row) throw new NotFoundError('Staff member not found');
    return row;
  }

  private async view(row: StaffRow): Promise<AdminSession> {
    const mustEnrolTotp = !row.totpEnabledAt && (await this.settings()).requireTotp;
    const permissions = (Object.keys(ADMIN_PERMISSIONS) as AdminPermission[]).filter((p) => roleCan(row.role, p));
    return { staff: toStaff(row), mustEnrolTotp, permissions };
  }
}
