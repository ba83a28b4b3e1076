import type { Image, WishlistEntry } from '@vastra/contracts';
import { isVideo } from '@/lib/media';

/** What a wishlist row shows as its thumbnail: an image, a video, or the placeholder. */
export type RowMedia = { kind: 'image' | 'video'; url: string } | { kind: 'placeholder' };

const usable = (image: Image | null | undefined): image is Image => Boolean(image?.url);

/**
 * behaviour.md §9 Wishlist row image: the variant's primary image, else the variant's first image, else
 * the product's primary image, else a placeholder. A URL ending in .mp4 or .webm (any case,
 * before a query or fragment) is a video.
 */
export function wishlistRowMedia(entry: Pick<WishlistEntry, 'product' | 'variant'>): RowMedia {
  const images = entry.variant.images.filter(usable);
  const chosen = images.find((image) => image.isPrimary) ?? images[0] ?? entry.product.primaryImage;
  if (!usable(chosen)) return { kind: 'placeholder' };
  return { kind: isVideo(chosen.url) ? 'video' : 'image', url: chosen.url };
}
