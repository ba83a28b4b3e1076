/**
 * Product reviews (behaviour.md §3 Review, §7 Catalogue reviews): a page of a product's reviews with their
 * stats, and posting one review per user and product, with optional photos. Title and body are
 * stored exactly as written (the storefront renders them as text). A review is a "verified
 * purchase" when the reviewer has a delivered order line for the product.
 *
 * The store may hide a review (docs/admin.md "Reviews"): shoppers then neither see it nor
 * count it in the stats or the product's rating, until it is restored.
 *
 * Errors: NotFoundError (404) for an unknown or withdrawn product; ConflictError (409) for a
 * second review of the same product by the same user.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  REVIEW_FITS,
  REVIEW_MESSAGES,
  type ModeratedReview,
  type PostReviewBody,
  type Review,
  type ReviewFit,
  type ReviewStats,
  type ReviewsPage,
} from '@vastra/contracts';
import { isUniqueViolation, queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { CatalogService } from '../catalog/service';
import { pageMeta } from '../catalog/service';
import { reviewPhotoUrl } from '../files';
import type { UploadService } from '../files';
import type { UsersService } from '../users/service';
import type { ReviewPhoto } from './review-form';
import { reviews } from './tables';

/** Whether a user has received a product: answered by the orders module once orders exist. */
export interface PurchaseHistory {
  hasDelivered(userId: string, productId: string): Promise<boolean>;
}

type Row = typeof reviews.$inferSelect;

/**
 * Whole-number percentages of `counts` that add up to exactly 100 (largest remainder; ties go
 * to the higher rating, which comes first), or all zeros when there is nothing to count.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}

export class ReviewsService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      catalog: CatalogService;
      users: UsersService;
      /** Stores the photos: re-encoded, within the reviewer's upload quota. */
      uploads: Pick<UploadService, 'save' | 'remove'>;
      purchases: PurchaseHistory;
      publicUrl: string;
      /** Told `review.changed` when a product's rating changes (the catalogue's answers show it). */
      events: DomainEventBus;
    },
  ) {}

  /**
   * A page of a product's reviews, newest first, with the stats of all of them and the
   * product's rating as the catalogue shows it (behaviour.md §3).
   */
  async list(productIdOrSlug: string, page: number, limit: number): Promise<ReviewsPage> {
    const { id: productId, rating } = await this.deps.catalog.getProduct(productIdOrSlug);
    const [rows, stats] = await Promise.all([
      this.db
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.stats(productId),
    ]);
    const names = await this.deps.users.publicNames(rows.map((r) => r.userId));
    return {
      reviews: rows.map((r) => this.toPublic(r, names.get(r.userId) ?? '')),
      stats,
      rating,
      meta: pageMeta(stats.total, page, limit),
    };
  }

  /**
   * Total, average to one decimal, each rating 5 → 1 with its count and percentage, and the
   * fit answers' shares among the reviews that answered (docs/shopper-features.md "Size charts
   * and fit"). Hidden reviews count in none of them.
   */
  async stats(productId: string): Promise<ReviewStats> {
    const rows = await queryRows<{ rating: number; fit: ReviewFit | null; n: number }>(
      this.db,
      sql`SELECT rating, fit, count(*)::int AS n FROM reviews
          WHERE product_id = ${productId}::uuid AND hidden_at IS NULL GROUP BY rating, fit`,
    );
    const sumOf = (match: (row: (typeof rows)[number]) => boolean) =>
      rows.filter(match).reduce((acc, row) => acc + row.n, 0);
    const ratings = [5, 4, 3, 2, 1];
    const counts = ratings.map((r) => sumOf((row) => row.rating === r));
    const total = counts.reduce((a, b) => a + b, 0);
    const sum = ratings.reduce((acc, r, i) => acc + r * counts[i]!, 0);
    const shares = percentages(counts);
    const fitCounts = REVIEW_FITS.map((fit) => sumOf((row) => row.fit === fit));
    const fitShares = percentages(fitCounts);
    return {
      total,
      average: total === 0 ? 0 : Math.round((sum / total) * 10) / 10,
      distribution: ratings.map((rating, i) => ({ rating, count: counts[i]!, percentage: shares[i]! })),
      fit: {
        answered: fitCounts.reduce((a, b) => a + b, 0),
        shares: REVIEW_FITS.map((fit, i) => ({ fit, count: fitCounts[i]!, percentage: fitShares[i]! })),
      },
    };
  }

  /**
   * Posts the user's review of a product. The photos are stored first (re-encoded WebP without
   * metadata, within the upload quota: PayloadTooLargeError) and removed again if the review
   * is refused.
   */
  async post(userId: string, input: PostReviewBody, photos: ReviewPhoto[]): Promise<Review> {
    const product = await this.deps.catalog.getProduct(input.productId);
    const [already] = await this.db
      .select({ n: count() })
      .from(reviews)
      .where(sql`${reviews.userId} = ${userId} AND ${reviews.productId} = ${product.id}`);
    if ((already?.n ?? 0) > 0) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);

    const stored = await this.deps.uploads.save(userId, 'reviews', photos, { invalidImage: REVIEW_MESSAGES.photoType });
    const photoKeys = stored.map((photo) => photo.key);
    const isVerifiedPurchase = await this.deps.purchases.hasDelivered(userId, product.id);
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(reviews)
          .values({
            productId: product.id,
            userId,
            rating: input.rating,
            title: input.title,
            body: input.body,
            photoKeys,
            fit: input.fit ?? null,
            isVerifiedPurchase,
          })
          .returning();
        await this.deps.catalog.addRating(product.id, input.rating, tx);
        await this.deps.events.emit('review.changed', { productId: product.id });
        return inserted!;
      });
      const names = await this.deps.users.publicNames([userId]);
      return this.toPublic(row, names.get(userId) ?? '');
    } catch (err) {
      await this.deps.uploads.remove(photoKeys);
      // Two posts racing past the check above meet the unique index.
      if (isUniqueViolation(err)) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);
      throw err;
    }
  }

  /** The moderation queue: reviews newest first, all, or only the hidden or only the shown ones. */
  async queue(filter: { hidden?: boolean; page: number; perPage: number }): Promise<{
    rows: ModeratedReview[];
    total: number;
  }> {
    const where =
      filter.hidden === undefined ? undefined : filter.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(reviews)
        .where(where)
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(reviews).where(where),
    ]);
    return { rows: await this.toModerated(rows), total: total?.n ?? 0 };
  }

  /** One review as the moderation queue shows it; NotFoundError(reviewNotFound) otherwise. */
  async moderated(id: string): Promise<ModeratedReview> {
    const [row] = await this.db.select().from(reviews).where(eq(reviews.id, id));
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.reviewNotFound);
    const [moderated] = await this.toModerated([row]);
    return moderated!;
  }

  /**
   * Hides (`reason` given) or restores (`reason` null) a review, taking its rating out of the
   * product's average and count or putting it back, in one transaction. Hiding a hidden review
   * or restoring a shown one changes nothing. NotFoundError(reviewNotFound).
   */
  async setHidden(id: string, reason: string | null, actor: string): Promise<ModeratedReview> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(reviews)
        .set(
          reason === null
            ? { hiddenAt: null, hiddenReason: null, hiddenBy: null }
            : { hiddenAt: new Date(), hiddenReason: reason, hiddenBy: actor },
        )
        .where(and(eq(reviews.id, id), reason === null ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt)))
        .returning({ productId: reviews.productId, rating: reviews.rating });
      if (!row) return;
      if (reason === null) await this.deps.catalog.addRating(row.productId, row.rating, tx);
      else await this.deps.catalog.removeRating(row.productId, row.rating, tx);
      await this.deps.events.emit('review.changed', { productId: row.productId });
    });
    return this.moderated(id);
  }

  private async toModerated(rows: Row[]): Promise<ModeratedReview[]> {
    const [names, products] = await Promise.all([
      this.deps.users.publicNames(rows.map((r) => r.userId)),
      this.deps.catalog.productNames(rows.map((r) => r.productId)),
    ]);
    return rows.map((row) => {
      const shown = this.toPublic(row, names.get(row.userId) ?? '');
      return {
        ...shown,
        productName: products.get(row.productId) ?? '',
        author: shown.author.name,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
        hiddenReason: row.hiddenReason,
        hiddenBy: row.hiddenBy,
      };
    });
  }

  private toPublic(row: Row, authorName: string): Review {
    return {
      id: row.id,
      productId: row.productId,
      rating: row.rating,
      title: row.title,
      body: row.body,
      photos: row.photoKeys.map((key) => ({ url: reviewPhotoUrl(this.deps.publicUrl, key) })),
      author: { name: authorName },
      isVerifiedPurchase: row.isVerifiedPurchase,
      fit: row.fit,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
