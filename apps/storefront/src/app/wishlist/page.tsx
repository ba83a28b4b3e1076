import type { Metadata } from 'next';
import { WishlistPage } from '@/features/wishlist/islands';

/** A shopper's own list: never indexed. */
export const metadata: Metadata = { title: 'Wishlist', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ page?: string | string[] }> };

export default async function WishlistRoute({ searchParams }: Props) {
  const raw = (await searchParams).page;
  const page = Number.parseInt(Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? ''), 10);
  return <WishlistPage page={Number.isFinite(page) && page > 0 ? page : 1} />;
}
