/**
 * Wishlists (behaviour.md §3 Wishlist entry, §7 Wishlist): a user's saved product sizes, newest first, one
 * entry per size. Entries read their product and price live from the catalogue (rupees out).
 *
 * Errors: ValidationError (400) for a malformed wishlist id or a size of another product;
 * NotFoundError (404) for an unknown or withdrawn product, or an entry that is not the
 * user's; ConflictError (409) when the wishlist already holds WISHLIST_MAX_ITEMS.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import {
  CATALOG_MESSAGES,
  WISHLIST_MAX_ITEMS,
  WISHLIST_MESSAGES,
  type WishlistEntry,
  type WishlistPage,
} from '@vastra/contracts';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { paiseToRupees } from '../../lib/money';
import type { CatalogService, VariantDetail } from '../catalog/service';
import { wishlistItems } from './tables';

type Row = typeof wishlistItems.$inferSelect;

export class WishlistService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
  ) {}

  /** A page of the user's wishlist, newest first, with the whole list's count and page meta (behaviour.md §3). */
  async list(userId: string, page: number, limit: number): Promise<WishlistPage> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId)),
    ]);
    const count_ = total?.n ?? 0;
    return {
      wishlist: await this.entries(rows),
      count: count_,
      meta: { currentPage: page, totalPages: Math.ceil(count_ / limit), limit },
    };
  }

  /** Every entry's id, product and size: what the hearts on product cards need. */
  async ids(userId: string): Promise<{ id: string; productId: string; variantId: string }[]> {
    return this.db
      .select({ id: wishlistItems.id, productId: wishlistItems.productId, variantId: wishlistItems.variantId })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId))
      .orderBy(desc(wishlistItems.createdAt));
  }

  /**
   * Saves a size of a product (without `variantId`, its first size in stock). Saving one
   * already saved answers the existing entry with `created: false`, never a duplicate.
   */
  async add(
    userId: string,
    input: { productId: string; variantId?: string },
  ): Promise<{ item: WishlistEntry; created: boolean }> {
    const variantId = input.variantId ?? (await this.catalog.defaultVariantId(input.productId));
    if (!variantId) throw new NotFoundError(CATALOG_MESSAGES.productNotFound);
    const variant = (await this.catalog.variantDetails([variantId])).get(variantId);
    if (!variant) throw new NotFoundError(WISHLIST_MESSAGES.variantInvalid);
    if (variant.product.id !== input.productId) throw new ValidationError(WISHLIST_MESSAGES.variantInvalid);
    if (!variant.product.isActive) throw new NotFoundError(CATALOG_MESSAGES.productNotFound);

    const [existing] = await this.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, variantId)));
    if (existing) return { item: this.entry(existing, variant), created: false };

    const [held] = await this.db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    if ((held?.n ?? 0) >= WISHLIST_MAX_ITEMS) throw new ConflictError(WISHLIST_MESSAGES.full);
    const [inserted] = await this.db
      .insert(wishlistItems)
      .values({ userId, productId: variant.product.id, variantId, priceAlertBasePaise: variant.pricePaise })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { item: this.entry(inserted, variant), created: true };
    // Saved by a concurrent request between the check and the insert.
    const [raced] = await this.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.variantId, variantId)));
    return { item: this.entry(raced!, variant), created: false };
  }

  /** Removes one of the user's entries. */
  async remove(userId: string, wishlistId: string): Promise<void> {
    if (!isUuid(wishlistId)) throw new ValidationError(WISHLIST_MESSAGES.invalidId);
    const removed = await this.db
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.id, wishlistId), eq(wishlistItems.userId, userId)))
      .returning({ id: wishlistItems.id });
    if (removed.length === 0) throw new NotFoundError(WISHLIST_MESSAGES.notFound);
  }

  /**
   * Every entry's price-alert base (paise; null until the alerts scan first sees an entry saved
   * before alerts existed), for the price-drop alerts (docs/shopper-features.md "Alerts").
   */
  async priceWatch(): Promise<{ id: string; userId: string; variantId: string; basePaise: number | null }[]> {
    return this.db
      .select({
        id: wishlistItems.id,
        userId: wishlistItems.userId,
        variantId: wishlistItems.variantId,
        basePaise: wishlistItems.priceAlertBasePaise,
      })
      .from(wishlistItems);
  }

  /** Sets entries' price-alert bases (paise), in the caller's transaction `db` (the mailed prices). */
  async setAlertBases(db: Db, bases: readonly { id: string; basePaise: number }[]): Promise<void> {
    for (const { id, basePaise } of bases) {
      await db.update(wishlistItems).set({ priceAlertBasePaise: basePaise }).where(eq(wishlistItems.id, id));
    }
  }

  private async entries(rows: Row[]): Promise<WishlistEntry[]> {
    const variants = await this.catalog.variantDetails(rows.map((r) => r.variantId));
    return rows.flatMap((row) => {
      const variant = variants.get(row.variantId);
      return variant ? [this.entry(row, variant)] : [];
    });
  }

  private entry(row: Row, variant: VariantDetail): WishlistEntry {
    const { product } = variant;
    return {
      id: row.id,
      productId: row.productId,
      variantId: row.variantId,
      createdAt: row.createdAt.toISOString(),
      product: {
        id: product.id,
        slug: product.slug,
        name: product.name,
        brand: product.brand,
        isActive: product.isActive,
        primaryImage: product.primaryImage,
      },
      variant: {
        id: variant.id,
        sku: variant.sku,
        size: variant.size,
        color: variant.color,
        price: paiseToRupees(variant.pricePaise),
        mrp: paiseToRupees(variant.mrpPaise),
        inStock: variant.stock > 0,
        // The catalogue's photos belong to the product (one colour each), so every size shows them.
        images: product.images,
      },
    };
  }
}
