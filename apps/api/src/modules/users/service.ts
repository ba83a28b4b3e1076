/**
 * Users (behaviour.md §3 User): accounts and profiles. The auth module finds and creates users through
 * this service; the public shape (`User` of the contracts) is made only by `toPublic`, so a
 * password hash or Google id can never reach a response. A user's `addresses` are their
 * address book (AddressBookService), the one store of them.
 */
import { AUTH_MESSAGES, type ProfileFields, type ShopperLocale, type User } from '@vastra/contracts';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { AddressBookService } from '../addresses/service';
import type { UploadService } from '../files';
import { avatarUrl } from '../files';
import { users, type UserRow } from './tables';

export type NewUser = {
  /** Null for an account made with a mobile number. */
  email: string | null;
  name: string;
  phone?: string | null;
  /** When a code texted to `phone` proved it (an account made by phone sign-in). */
  phoneVerifiedAt?: Date | null;
  passwordHash?: string | null;
  googleSub?: string | null;
  isEmailVerified?: boolean;
  /** The language the shopper signed up in; 'en' when not given. */
  locale?: ShopperLocale;
};

/** An avatar already checked by content: its bytes and the extension and type sniffed from them. */
export type AvatarUpload = { body: Buffer; ext: string; mime: string };

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly options: {
      publicUrl: string;
      /** Stores avatars: re-encoded, within the account's upload quota. */
      uploads: Pick<UploadService, 'save' | 'remove'>;
      addresses: AddressBookService;
      /** Told `review.changed` (any product) once a user's name changed: other shoppers see it on their reviews. */
      events: DomainEventBus;
    },
  ) {}

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /**
   * Name, email and language to write to (order mails), or null for an unknown user. `email` is
   * null for an account made with a mobile number that never added one: it gets no mail.
   */
  async contactOf(id: string): Promise<{ name: string; email: string | null; locale: ShopperLocale } | null> {
    const [row] = await this.db
      .select({ name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Locks the user's row until the transaction `db` ends: one account's order placements and
   * upload reservations then take turns, so rules that count what the account holds (unpaid
   * orders, upload quota) hold under concurrency, and a change of password (a reset, a Google
   * claim) waits for a login or is seen by it, as does the store blocking the account. Answers
   * the password hash and block as locked, undefined when there is no such user.
   */
  async lock(db: Db, id: string): Promise<{ passwordHash: string | null; blockedAt: Date | null } | undefined> {
    const [row] = await db
      .select({ passwordHash: users.passwordHash, blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    return row;
  }

  /** Sets or clears the store's block of the account, in the caller's transaction (AuthService.setBlocked). */
  async setBlocked(db: Db, id: string, blocked: boolean): Promise<void> {
    await db
      .update(users)
      .set({ blockedAt: blocked ? new Date() : null, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /**
   * Name and email of those of `ids` who take alert mails: with an email, not unsubscribed from
   * them, not blocked (docs/shopper-features.md "Alerts").
   */
  async alertRecipients(
    ids: readonly string[],
  ): Promise<Map<string, { name: string; email: string; locale: ShopperLocale }>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(and(inArray(users.id, unique), isNull(users.alertsUnsubscribedAt), isNull(users.blockedAt)));
    return new Map(rows.flatMap((r) => (r.email ? [[r.id, { name: r.name, email: r.email, locale: r.locale }]] : [])));
  }

  /**
   * The language of the account with this email (case-insensitive), or null when no account has it:
   * a mail to an address (a gift card's recipient) goes in it (docs/behaviour.md "Languages of mails and invoices").
   */
  async localeOfEmail(email: string): Promise<ShopperLocale | null> {
    const [row] = await this.db
      .select({ locale: users.locale })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row?.locale ?? null;
  }

  /** Stops the user's alert mails; the first time is kept. `db`: the caller's transaction, if any. */
  async unsubscribeFromAlerts(id: string, db: Db = this.db): Promise<void> {
    await db
      .update(users)
      .set({ alertsUnsubscribedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.alertsUnsubscribedAt)));
  }

  /**
   * Undoes `unsubscribeFromAlerts`: the shopper asked for alert mails again (turned price drops
   * on; docs/shopper-features.md "Alerts"). `db`: the caller's transaction, if any.
   */
  async resubscribeToAlerts(id: string, db: Db = this.db): Promise<void> {
    await db.update(users).set({ alertsUnsubscribedAt: null }).where(eq(users.id, id));
  }

  /** Case-insensitive; `email` may be given in any case. */
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .limit(1);
    return row;
  }

  /** The account whose verified mobile number is `phone` (10 digits); numbers only typed in a profile never match. */
  async findByVerifiedPhone(phone: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt)))
      .limit(1);
    return row;
  }

  /**
   * Makes `phone` the account's verified mobile number (a code texted to it was just used).
   * Throws ConflictError(phoneTaken) when another account has it verified (the unique index
   * decides, also under a race), NotFoundError when the account is gone.
   */
  async setVerifiedPhone(id: string, phone: string): Promise<UserRow> {
    try {
      const [row] = await this.db
        .update(users)
        .set({ phone, phoneVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(AUTH_MESSAGES.phoneTaken);
      throw err;
    }
  }

  async findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
    return row;
  }

  /**
   * Creates an account. Throws ConflictError when the email is taken, or (an account made by
   * phone) the verified number is (also under a race).
   */
  async create(user: NewUser): Promise<UserRow> {
    try {
      const [row] = await this.db
        .insert(users)
        .values({ ...user, email: user.email?.trim().toLowerCase() ?? null })
        .returning();
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new ConflictError(user.email === null ? AUTH_MESSAGES.phoneTaken : AUTH_MESSAGES.emailTaken);
      }
      throw err;
    }
  }

  /** The user or NotFoundError('User data not found'). */
  async get(id: string): Promise<UserRow> {
    const row = await this.findById(id);
    if (!row) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
    return row;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  async markEmailVerified(id: string): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ isEmailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
    return row;
  }

  /** Links a Google account to an existing user; Google has verified the email, so it counts as verified. */
  async linkGoogle(id: string, googleSub: string): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ googleSub, isEmailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
    return row;
  }

  /**
   * Google proved the email of an account that was never verified, so its holder claims it:
   * links Google, marks the email verified and drops the password whoever created the account
   * chose. Only an unverified account changes (`db` may be a transaction); undefined when the
   * account is gone or was verified meanwhile.
   */
  async claimUnverifiedForGoogle(id: string, googleSub: string, db: Db = this.db): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ googleSub, isEmailVerified: true, passwordHash: null, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isEmailVerified, false)))
      .returning();
    return row;
  }

  /**
   * Updates the profile fields given (null clears one) and, when given, replaces the avatar
   * and the address book (`addresses`, in one transaction with the fields; each address is
   * checked against the India Post directory, ValidationError otherwise).
   * The new avatar is stored (re-encoded WebP without metadata, within the upload quota:
   * PayloadTooLargeError) before the row changes and the old one removed after, so a failure
   * never leaves the profile pointing at a missing file.
   */
  async updateProfile(id: string, fields: ProfileFields, avatar?: AvatarUpload): Promise<UserRow> {
    // Only a new avatar needs the old one's key, to remove that file afterwards.
    const oldAvatarKey = avatar ? (await this.get(id)).avatarKey : null;
    const [stored] = avatar
      ? await this.options.uploads.save(id, 'avatars', [avatar], { invalidImage: AUTH_MESSAGES.avatarType })
      : [];
    const avatarKey = stored?.key;
    const { addresses, ...profile } = fields;
    try {
      const row = await this.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({
            ...profile,
            // A number typed in the profile is not proven: it stays verified only if it is the verified one.
            ...(profile.phone !== undefined
              ? {
                  phoneVerifiedAt: sql`case when ${users.phone} = ${profile.phone} then ${users.phoneVerifiedAt} else null end`,
                }
              : {}),
            ...(avatarKey ? { avatarKey } : {}),
            updatedAt: new Date(),
          })
          .where(eq(users.id, id))
          .returning();
        if (!updated) throw new NotFoundError(AUTH_MESSAGES.userNotFound);
        if (addresses) await this.options.addresses.replace(id, addresses, tx);
        return updated;
      });
      if (profile.name !== undefined) await this.options.events.emit('review.changed', { productId: null });
      if (avatarKey && oldAvatarKey) await this.options.uploads.remove([oldAvatarKey]);
      return row;
    } catch (err) {
      if (avatarKey) await this.options.uploads.remove([avatarKey]);
      throw err;
    }
  }

  /**
   * How reviewers are shown to other shoppers: first name and the initial of the last
   * ("Asha R."), never the email. Keyed by user id; unknown ids are absent.
   */
  async publicNames(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, unique));
    return new Map(rows.map((r) => [r.id, publicName(r.name)]));
  }

  /** The user as shown to themselves (contracts' `User`), with their address book. */
  async toPublic(row: UserRow): Promise<User> {
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      phoneVerified: row.phoneVerifiedAt !== null,
      gender: row.gender,
      dateOfBirth: row.dateOfBirth,
      avatarUrl: row.avatarKey ? avatarUrl(this.options.publicUrl, row.avatarKey) : null,
      isEmailVerified: row.isEmailVerified,
      hasPassword: row.passwordHash !== null,
      googleLinked: row.googleSub !== null,
      addresses: await this.options.addresses.addressesOf(row.id),
      locale: row.locale,
      createdAt: row.createdAt.toISOString(),
    };
  }
}

/** "Asha Rao" → "Asha R."; a single name stays as it is. */
export function publicName(fullName: string): string {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : (first ?? '');
}
