/**
 * The address book of a logged-in shopper: at most MAX_SAVED_ADDRESSES addresses, each
 * checked against the India Post directory (`checkShippingAddress`), exactly one of them the
 * default whenever the book is not empty. It is the one store of a user's addresses: the
 * profile's `addresses` (PUT /auth/profile/full, the user in every answer) read and replace it.
 *
 * Order: the default first, then in the order they were added.
 * Errors: ValidationError (400) for an address the directory refuses or an 11th address
 * (ADDRESS_MESSAGES.limit); NotFoundError (404, ADDRESS_MESSAGES.notFound) for an id that is
 * not one of the user's addresses.
 */
import { ADDRESS_MESSAGES, MAX_SAVED_ADDRESSES, type Address, type AddressBookEntry } from '@vastra/contracts';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PincodeDirectory } from './pincodes';
import { addresses, type AddressRow } from './tables';
import { checkShippingAddress } from './validate';

/** An address for the book, and whether it should become the default. */
export type AddressBookInput = Address & { isDefault?: boolean };

const byBookOrder = [desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id)];

function toAddress(row: AddressRow): Address {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: 'India',
    phone: row.phone,
  };
}

function toEntry(row: AddressRow): AddressBookEntry {
  return { id: row.id, ...toAddress(row), isDefault: row.isDefault, createdAt: row.createdAt.toISOString() };
}

/**
 * Serialises writes to one user's book for the rest of the transaction, so that two requests
 * at once can neither pass the limit nor leave two defaults (or none).
 */
async function lockBook(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

export class AddressBookService {
  constructor(
    private readonly db: Db,
    private readonly pincodes: PincodeDirectory,
  ) {}

  /** The user's addresses, the default first. */
  async list(userId: string, db: Db = this.db): Promise<AddressBookEntry[]> {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...byBookOrder);
    return rows.map(toEntry);
  }

  /** The user's addresses as plain addresses (the profile's `addresses`), the default first. */
  async addressesOf(userId: string, db: Db = this.db): Promise<Address[]> {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...byBookOrder);
    return rows.map(toAddress);
  }

  /** Adds an address; the first one, or one sent with `isDefault: true`, becomes the default. */
  async add(userId: string, body: AddressBookInput, db: Db = this.db): Promise<AddressBookEntry> {
    const { address } = checkShippingAddress(this.pincodes, body);
    return db.transaction(async (tx) => {
      await lockBook(tx, userId);
      const [held] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
      const n = held?.n ?? 0;
      if (n >= MAX_SAVED_ADDRESSES) throw new ValidationError(ADDRESS_MESSAGES.limit);
      const isDefault = n === 0 || body.isDefault === true;
      if (isDefault) await this.clearDefault(tx, userId);
      const [row] = await tx
        .insert(addresses)
        .values({ userId, ...address, isDefault })
        .returning();
      return toEntry(row!);
    });
  }

  /**
   * Replaces one of the user's addresses; `isDefault: true` makes it the default. The default
   * stays one until another is chosen (`isDefault: false` does not leave the book without one).
   */
  async update(userId: string, id: string, body: AddressBookInput, db: Db = this.db): Promise<AddressBookEntry> {
    if (!isUuid(id)) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    const { address } = checkShippingAddress(this.pincodes, body);
    return db.transaction(async (tx) => {
      await lockBook(tx, userId);
      if (body.isDefault === true) await this.clearDefault(tx, userId, id);
      const [row] = await tx
        .update(addresses)
        .set({ ...address, ...(body.isDefault === true ? { isDefault: true } : {}), updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!row) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      return toEntry(row);
    });
  }

  /** Deletes one of the user's addresses; if it was the default, the newest remaining one becomes it. */
  async remove(userId: string, id: string, db: Db = this.db): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    await db.transaction(async (tx) => {
      await lockBook(tx, userId);
      const [removed] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ isDefault: addresses.isDefault });
      if (!removed) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      if (!removed.isDefault) return;
      const [newest] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.createdAt), desc(addresses.id))
        .limit(1);
      if (newest)
        await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, newest.id));
    });
  }

  /** Makes one of the user's addresses the default, and the old default an ordinary one, in one transaction. */
  async setDefault(userId: string, id: string, db: Db = this.db): Promise<void> {
    if (!isUuid(id)) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
    await db.transaction(async (tx) => {
      await lockBook(tx, userId);
      const [target] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!target) throw new NotFoundError(ADDRESS_MESSAGES.notFound);
      // The old default goes first: the partial unique index allows one default per user at any moment.
      await this.clearDefault(tx, userId, id);
      await tx.update(addresses).set({ isDefault: true, updatedAt: new Date() }).where(eq(addresses.id, id));
    });
  }

  /**
   * Replaces the whole book with `list` (the profile form's `addresses`), in its order, the
   * first one the default. Every address is checked before anything changes.
   */
  async replace(userId: string, list: readonly Address[], db: Db = this.db): Promise<void> {
    if (list.length > MAX_SAVED_ADDRESSES) throw new ValidationError(ADDRESS_MESSAGES.limit);
    const checked = list.map((address) => checkShippingAddress(this.pincodes, address).address);
    await db.transaction(async (tx) => {
      await lockBook(tx, userId);
      await tx.delete(addresses).where(eq(addresses.userId, userId));
      if (checked.length === 0) return;
      // One transaction shares one now(): creation times a millisecond apart keep the order given.
      await tx.insert(addresses).values(
        checked.map((address, i) => ({
          userId,
          ...address,
          isDefault: i === 0,
          createdAt: sql`now() + ${`${i} milliseconds`}::interval`,
        })),
      );
    });
  }

  private async clearDefault(tx: Db, userId: string, exceptId?: string): Promise<void> {
    await tx
      .update(addresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(
        and(
          eq(addresses.userId, userId),
          eq(addresses.isDefault, true),
          exceptId ? ne(addresses.id, exceptId) : undefined,
        ),
      );
  }
}
