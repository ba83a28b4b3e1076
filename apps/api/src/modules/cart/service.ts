/**
 * Carts (behaviour.md §3 Cart, §4 Guest cart, §7 Cart): one active cart per user or guest id, plus carts of
 * the commerce API (/store) known by their id alone. The one place that enforces the cart
 * rules, for /cart and /store alike: quantities are whole numbers of 1 or more, a line holds at
 * most the size's stock (and MAX_LINE_QUANTITY), a size must belong to the product and the
 * product must be on sale. Prices are never stored as the truth: they are read live from the
 * catalogue; the price at add only flags a change. Money in paise.
 *
 * Errors: ValidationError (400) for a size of another product; NotFoundError (404) for an
 * unknown or withdrawn product or size, an unknown cart, or an item of someone else's cart;
 * ConflictError (409) when a quantity exceeds the stock.
 */
import DataLoader from 'dataloader';
import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { CART_MESSAGES, MAX_LINE_QUANTITY, onlyLeftInStock } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { CatalogService, VariantDetail } from '../catalog/service';
import { CART_REMINDER_ORDER_DAYS } from './reminders';
import { cartItems, cartReminders, carts } from './tables';

/** Whose cart: a user's, a guest's, or (for /store) the cart with this id. */
export type CartOwner =
  { kind: 'user'; userId: string } | { kind: 'guest'; guestId: string } | { kind: 'cart'; cartId: string };

/** A line item with its live product and size. Money in paise. */
export type CartLine = {
  id: string;
  productId: string;
  variantId: string;
  quantity: number;
  unitPricePaise: number;
  unitPricePaiseAtAdd: number;
  mrpPaise: number;
  stock: number;
  sku: string;
  size: string;
  color: string;
  /** The product is on sale and the size has stock. */
  isAvailable: boolean;
  /** Fewer than `quantity` are left. */
  exceedsStock: boolean;
  product: VariantDetail['product'];
  createdAt: Date;
  updatedAt: Date;
};

export type CartRecord = {
  id: string;
  userId: string | null;
  guestId: string | null;
  isActive: boolean;
  regionId: string;
  email: string | null;
  promotionCodes: string[];
  createdAt: Date;
  updatedAt: Date;
  /** Raised by the database with every change of the cart or its lines (carts.version). */
  version: number;
  /** Oldest first. */
  lines: CartLine[];
};

type CartRow = typeof carts.$inferSelect;
type ItemRow = typeof cartItems.$inferSelect;
/** A line as the cart read's JSON holds it: times in epoch milliseconds. */
type LineJson = Omit<ItemRow, 'createdAt' | 'updatedAt'> & { createdAt: number; updatedAt: number };

/** The condition that finds the owner's cart: the active one of a user or guest, or the cart with that id; none for a malformed id. */
function ownerWhere(owner: CartOwner) {
  if (owner.kind === 'user') return and(eq(carts.userId, owner.userId), eq(carts.isActive, true));
  if (owner.kind === 'guest') return and(eq(carts.guestId, owner.guestId), eq(carts.isActive, true));
  return isUuid(owner.cartId) ? eq(carts.id, owner.cartId) : undefined;
}

/**
 * A cart and its lines in one statement: on a busy store each statement's round trip and
 * planning cost more than its reading (docs/performance.md).
 */
const cartWithLines = {
  row: carts,
  lines: sql<LineJson[]>`(
    SELECT coalesce(json_agg(json_build_object('id', i.id, 'cartId', i.cart_id, 'productId', i.product_id,
             'variantId', i.variant_id, 'quantity', i.quantity, 'unitPricePaiseAtAdd', i.unit_price_paise_at_add,
             'createdAt', extract(epoch FROM i.created_at) * 1000, 'updatedAt', extract(epoch FROM i.updated_at) * 1000)
           ORDER BY i.created_at, i.id), '[]'::json)
    FROM cart_items i WHERE i.cart_id = carts.id)`,
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class CartService {
  /** The cart with this id and its lines, prepared: PostgreSQL plans it once per connection. */
  private readonly cartById;
  /** Carts' versions by id, prepared likewise. */
  private readonly versionsByIds;
  /**
   * Gathers the version asks of one turn of the event loop into one statement (no memo: each
   * answer is the version at its statement), so many shoppers reading carts at once cost a
   * few statements rather than one each.
   */
  private readonly versions: DataLoader<string, number | null>;

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {
    this.cartById = db
      .select(cartWithLines)
      .from(carts)
      .where(eq(carts.id, sql.placeholder('id')))
      .limit(1)
      .prepare('cart_with_lines');
    this.versionsByIds = db
      .select({ id: carts.id, version: carts.version })
      .from(carts)
      .where(sql`${carts.id} = ANY(${sql.placeholder('ids')}::uuid[])`)
      .prepare('cart_versions');
    this.versions = new DataLoader(
      async (ids) => {
        const found = new Map(
          (await this.versionsByIds.execute({ ids: [...ids] })).map((row) => [row.id, row.version]),
        );
        return ids.map((id) => found.get(id) ?? null);
      },
      { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
    );
  }

  /** The version of the cart with this id (CartRecord.version), or null when there is no such cart. */
  async version(cartId: string): Promise<number | null> {
    return isUuid(cartId) ? this.versions.load(cartId.toLowerCase()) : null;
  }

  /** The owner's active cart (for `kind: 'cart'`, that cart whatever its state), or null. */
  async get(owner: CartOwner): Promise<CartRecord | null> {
    const where = ownerWhere(owner);
    if (!where) return null;
    const [found] =
      owner.kind === 'cart'
        ? await this.cartById.execute({ id: owner.cartId })
        : await this.db.select(cartWithLines).from(carts).where(where).limit(1);
    if (!found) return null;
    const lines = found.lines.map((l) => ({
      ...l,
      createdAt: new Date(l.createdAt),
      updatedAt: new Date(l.updatedAt),
    }));
    return this.record(found.row, lines);
  }

  /**
   * Makes a cart for the owner: the user's or guest's active cart if it already has one, or a
   * new cart known only by its id (`kind: 'cart'` is not accepted: an id cannot be chosen).
   */
  async create(
    owner: Exclude<CartOwner, { kind: 'cart' }> | { kind: 'anonymous' },
    fields: { regionId?: string; email?: string | null } = {},
  ): Promise<CartRecord> {
    const row = await this.db.transaction(async (tx) => {
      const found = owner.kind === 'anonymous' ? undefined : await this.findRow(tx, owner);
      if (found) return found;
      return this.insertCart(tx, owner, fields);
    });
    return this.record(row);
  }

  /**
   * Adds a quantity of a size; the same size again raises that line's quantity. The user's or
   * guest's cart is created on the first add, in the same transaction (a refused add stores nothing).
   */
  async addItem(
    owner: CartOwner,
    item: { productId?: string; variantId: string; quantity: number },
  ): Promise<CartRecord> {
    const variant = await this.purchasable(item.variantId, item.productId);
    const cartId = await this.db.transaction(async (tx) => {
      const cart =
        (await this.findRow(tx, owner)) ?? (owner.kind === 'cart' ? undefined : await this.insertCart(tx, owner, {}));
      if (!cart || !cart.isActive) throw new NotFoundError(CART_MESSAGES.cartNotFound);
      const limit = Math.min(variant.stock, MAX_LINE_QUANTITY);
      // One statement, so two adds racing cannot together pass the limit.
      const [line] = await tx
        .insert(cartItems)
        .values({
          cartId: cart.id,
          productId: variant.product.id,
          variantId: variant.id,
          quantity: item.quantity,
          unitPricePaiseAtAdd: variant.pricePaise,
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.variantId],
          set: {
            quantity: sql`${cartItems.quantity} + excluded.quantity`,
            // Adding again is done knowing today's price.
            unitPricePaiseAtAdd: sql`excluded.unit_price_paise_at_add`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
        })
        .returning({ quantity: cartItems.quantity });
      if (!line || line.quantity > limit) this.refuseQuantity(variant.stock);
      await this.touch(tx, cart.id);
      return cart.id;
    });
    return this.mustGet(cartId);
  }

  /** Sets a line's quantity. */
  async updateItemQuantity(owner: CartOwner, itemId: string, quantity: number): Promise<CartRecord> {
    const { cart, line } = await this.ownedLine(owner, itemId);
    const variant = await this.purchasable(line.variantId);
    if (quantity > Math.min(variant.stock, MAX_LINE_QUANTITY)) this.refuseQuantity(variant.stock);
    await this.db.transaction(async (tx) => {
      await tx.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, line.id));
      await this.touch(tx, cart.id);
    });
    return this.mustGet(cart.id);
  }

  /** Removes a line. */
  async removeItem(owner: CartOwner, itemId: string): Promise<CartRecord> {
    const { cart, line } = await this.ownedLine(owner, itemId);
    await this.db.transaction(async (tx) => {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      await this.touch(tx, cart.id);
    });
    return this.mustGet(cart.id);
  }

  /** Empties the owner's cart; null when there is none. */
  async clear(owner: CartOwner): Promise<CartRecord | null> {
    const cart = await this.findRow(this.db, owner);
    if (!cart) return null;
    await this.db.transaction(async (tx) => {
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      await this.touch(tx, cart.id);
    });
    return this.mustGet(cart.id);
  }

  /**
   * Moves a guest's cart into the user's (behaviour.md §4): each size's quantities are added, capped at
   * the stock; sizes withdrawn or sold out stay behind. The guest cart is closed, so merging
   * again changes nothing. Returns the user's cart (null if neither has one).
   */
  async merge(userId: string, guestId: string): Promise<CartRecord | null> {
    const userOwner: CartOwner = { kind: 'user', userId };
    const guestCart = await this.findRow(this.db, { kind: 'guest', guestId });
    if (!guestCart) return this.get(userOwner);
    const guestLines = await this.db.select().from(cartItems).where(eq(cartItems.cartId, guestCart.id));
    const variants = await this.catalog.variantDetails(guestLines.map((l) => l.variantId));
    const cartId = await this.db.transaction(async (tx) => {
      // Closing the guest cart first, conditionally, makes a concurrent second merge a no-op.
      const closed = await tx
        .update(carts)
        .set({ isActive: false, updatedAt: new Date() })
        .where(and(eq(carts.id, guestCart.id), eq(carts.isActive, true)))
        .returning({ id: carts.id });
      const userCart = (await this.findRow(tx, userOwner)) ?? (await this.insertCart(tx, userOwner, {}));
      if (closed.length === 0) return userCart.id;
      for (const line of guestLines) {
        const variant = variants.get(line.variantId);
        if (!variant?.product.isActive || variant.stock <= 0) continue;
        const limit = Math.min(variant.stock, MAX_LINE_QUANTITY);
        await tx
          .insert(cartItems)
          .values({
            cartId: userCart.id,
            productId: line.productId,
            variantId: line.variantId,
            quantity: Math.min(line.quantity, limit),
            unitPricePaiseAtAdd: line.unitPricePaiseAtAdd,
          })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.variantId],
            set: { quantity: sql`LEAST(${cartItems.quantity} + excluded.quantity, ${limit})`, updatedAt: sql`now()` },
          });
      }
      await this.touch(tx, userCart.id);
      return userCart.id;
    });
    return this.mustGet(cartId);
  }

  /** Sets a /store cart's email or region. */
  async updateDetails(cartId: string, fields: { email?: string | null; regionId?: string }): Promise<CartRecord> {
    const cart = await this.activeCart(cartId);
    await this.db
      .update(carts)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return this.mustGet(cart.id);
  }

  /** Replaces the promotion codes applied to a cart (the caller checks that they are running). */
  async setPromotionCodes(cartId: string, codes: readonly string[]): Promise<CartRecord> {
    const cart = await this.activeCart(cartId);
    await this.db
      .update(carts)
      .set({ promotionCodes: [...codes], updatedAt: new Date() })
      .where(eq(carts.id, cart.id));
    return this.mustGet(cart.id);
  }

  /** The sizes in the user's active cart, oldest first (an order placed without `items`). */
  async activeLines(userId: string): Promise<{ productId: string; variantId: string; quantity: number }[]> {
    return this.db
      .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, userId), eq(carts.isActive, true)))
      .orderBy(asc(cartItems.createdAt));
  }

  /**
   * Removes the ordered sizes from the user's active cart, in the order's transaction `db`; an
   * emptied cart is closed, and the cart's promotion codes are cleared either way. The cart
   * keeps when it was ordered from (the lines left then remind of nothing), and a reminder mailed
   * within CART_REMINDER_ORDER_DAYS counts the order (docs/behaviour.md "Cart reminders").
   */
  async closeOrderedLines(db: Db, userId: string, variantIds: readonly string[]): Promise<void> {
    const [cart] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.isActive, true)));
    if (!cart) return;
    await db.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.variantId, [...variantIds])));
    const [remaining] = await db.select({ left: count() }).from(cartItems).where(eq(cartItems.cartId, cart.id));
    await db
      .update(carts)
      .set({
        isActive: (remaining?.left ?? 0) > 0,
        promotionCodes: sql`'{}'::text[]`,
        updatedAt: sql`now()`,
        orderedAt: sql`now()`,
      })
      .where(eq(carts.id, cart.id));
    await db
      .update(cartReminders)
      .set({ orderedAt: sql`now()` })
      .where(
        and(
          eq(cartReminders.cartId, cart.id),
          isNull(cartReminders.orderedAt),
          sql`${cartReminders.mailedAt} >= now() - make_interval(days => ${CART_REMINDER_ORDER_DAYS})`,
        ),
      );
  }

  /**
   * Deletes carts that belong to no user (guest and /store carts, open or merged) and nobody
   * has touched since `idleSince`. Returns how many went.
   */
  async removeIdleGuestCarts(idleSince: Date): Promise<number> {
    const removed = await this.db
      .delete(carts)
      .where(and(isNull(carts.userId), lt(carts.updatedAt, idleSince)))
      .returning({ id: carts.id });
    return removed.length;
  }

  private async findRow(db: Db | Tx, owner: CartOwner): Promise<CartRow | undefined> {
    const where = ownerWhere(owner);
    if (!where) return undefined;
    const [row] = await db.select().from(carts).where(where).limit(1);
    return row;
  }

  /** Inserts a cart; a concurrent insert for the same user or guest wins and is returned instead. */
  private async insertCart(
    db: Db | Tx,
    owner: Exclude<CartOwner, { kind: 'cart' }> | { kind: 'anonymous' },
    fields: { regionId?: string; email?: string | null },
  ): Promise<CartRow> {
    const [row] = await db
      .insert(carts)
      .values({
        userId: owner.kind === 'user' ? owner.userId : null,
        guestId: owner.kind === 'guest' ? owner.guestId : null,
        ...(fields.regionId ? { regionId: fields.regionId } : {}),
        email: fields.email ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    const found = owner.kind === 'anonymous' ? undefined : await this.findRow(db, owner);
    if (!found) throw new Error('A cart insert conflicted but no cart was found');
    return found;
  }

  private async activeCart(cartId: string): Promise<CartRow> {
    const cart = await this.findRow(this.db, { kind: 'cart', cartId });
    if (!cart || !cart.isActive) throw new NotFoundError(CART_MESSAGES.cartNotFound);
    return cart;
  }

  private async mustGet(cartId: string): Promise<CartRecord> {
    const cart = await this.get({ kind: 'cart', cartId });
    if (!cart) throw new NotFoundError(CART_MESSAGES.cartNotFound);
    return cart;
  }

  /** A line of the owner's active cart; anything else (someone else's, unknown, malformed) is 404. */
  private async ownedLine(
    owner: CartOwner,
    itemId: string,
  ): Promise<{ cart: CartRow; line: typeof cartItems.$inferSelect }> {
    const cart = await this.findRow(this.db, owner);
    if (!cart || !cart.isActive || !isUuid(itemId)) throw new NotFoundError(CART_MESSAGES.itemNotFound);
    const [line] = await this.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)));
    if (!line) throw new NotFoundError(CART_MESSAGES.itemNotFound);
    return { cart, line };
  }

  /** The size if it can be bought now; checks that it belongs to `productId` when one is given. */
  private async purchasable(variantId: string, productId?: string): Promise<VariantDetail> {
    const variant = (await this.catalog.variantDetails([variantId])).get(variantId);
    if (!variant) throw new NotFoundError(CART_MESSAGES.variantNotFound);
    if (productId !== undefined && variant.product.id !== productId) {
      throw new ValidationError(CART_MESSAGES.variantNotFound);
    }
    if (!variant.product.isActive) throw new NotFoundError(CART_MESSAGES.productUnavailable);
    if (variant.stock <= 0) throw new ConflictError(CART_MESSAGES.outOfStock);
    return variant;
  }

  private refuseQuantity(stock: number): never {
    throw new ConflictError(stock >= MAX_LINE_QUANTITY ? CART_MESSAGES.quantityTooLarge : onlyLeftInStock(stock));
  }

  private async touch(tx: Tx, cartId: string): Promise<void> {
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  }

  /** The cart with its lines (read here unless given, oldest first) and their live product and size. */
  private async record(row: CartRow, given?: ItemRow[]): Promise<CartRecord> {
    const lines =
      given ??
      (await this.db
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, row.id))
        .orderBy(cartItems.createdAt, cartItems.id));
    const variants = await this.catalog.variantDetails(lines.map((l) => l.variantId));
    return {
      id: row.id,
      userId: row.userId,
      guestId: row.guestId,
      isActive: row.isActive,
      regionId: row.regionId,
      email: row.email,
      promotionCodes: row.promotionCodes,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      version: row.version,
      lines: lines.flatMap((line) => {
        const variant = variants.get(line.variantId);
        if (!variant) return [];
        return [
          {
            id: line.id,
            productId: line.productId,
            variantId: line.variantId,
            quantity: line.quantity,
            unitPricePaise: variant.pricePaise,
            unitPricePaiseAtAdd: line.unitPricePaiseAtAdd,
            mrpPaise: variant.mrpPaise,
            stock: variant.stock,
            sku: variant.sku,
            size: variant.size,
            color: variant.color,
            isAvailable: variant.product.isActive && variant.stock > 0,
            exceedsStock: line.quantity > variant.stock,
            product: variant.product,
            createdAt: line.createdAt,
            updatedAt: line.updatedAt,
          },
        ];
      }),
    };
  }
}
