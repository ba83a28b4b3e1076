/**
 * A product's status (docs/admin.md "Products and stock"): draft, active (on sale) or
 * archived. A product goes on sale only with a size, a price above zero for every size and a
 * photo; drafting or archiving always works. Each product is judged alone: the others still change.
 */
import { PRODUCT_ACTIVATION_MESSAGES, type ProductStatus, type ProductStatusResult } from '@vastra/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, variants } from './tables';

/** Why `product` cannot go on sale with these sizes, or null when it can. */
export function activationRefusal(product: { images: unknown[] }, sizes: { pricePaise: number }[]): string | null {
  if (sizes.length === 0) return PRODUCT_ACTIVATION_MESSAGES.noSize;
  if (sizes.some((s) => s.pricePaise <= 0)) return PRODUCT_ACTIVATION_MESSAGES.noPrice;
  if (product.images.length === 0) return PRODUCT_ACTIVATION_MESSAGES.noPhoto;
  return null;
}

/**
 * Sets the status of the products `ids` in one transaction; unknown ids are left out. Answers
 * the ids that changed (or already were so) and, when activating, those refused with why.
 */
export async function setProductsStatus(db: Db, ids: string[], status: ProductStatus): Promise<ProductStatusResult> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: products.id, name: products.name, images: products.images })
      .from(products)
      .where(inArray(products.id, ids))
      .for('update');
    const sizes = await tx
      .select({ productId: variants.productId, pricePaise: variants.pricePaise })
      .from(variants)
      .where(inArray(variants.productId, ids));
    const refused: ProductStatusResult['refused'] = [];
    const changed: string[] = [];
    for (const row of rows) {
      const message =
        status === 'active'
          ? activationRefusal(
              row,
              sizes.filter((s) => s.productId === row.id),
            )
          : null;
      if (message) refused.push({ id: row.id, name: row.name, message });
      else changed.push(row.id);
    }
    if (changed.length > 0) {
      await tx.update(products).set({ status, updatedAt: new Date() }).where(inArray(products.id, changed));
    }
    return { changed, refused };
  });
}
