import type { ProductSummary } from '@vastra/contracts';
import { ProductCard, type ProductCardData } from './product-card';

/** A horizontally scrolling row of product cards (best sellers, related products). */
export function ProductRail({
  products,
  label,
  columns = 5,
}: {
  products: ProductCardData[];
  label: string;
  /** Columns of the grid it becomes on large screens. */
  columns?: 4 | 5;
}) {
  return (
    <ul
      aria-label={label}
      className={`scrollbar-none -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2 sm:gap-4 lg:mx-0 lg:grid lg:overflow-visible lg:px-0 ${
        columns === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-5'
      }`}
    >
      {products.map((product) => (
        <li key={product.id} className="w-40 shrink-0 snap-start sm:w-48 lg:w-auto">
          <ProductCard product={product} sizes="(min-width: 1024px) 20vw, 192px" />
        </li>
      ))}
    </ul>
  );
}

/** A responsive grid of product cards. */
export function ProductGrid({
  products,
  label,
  preloadFirst = 0,
  headingLevel = 'h3',
}: {
  products: ProductSummary[];
  label: string;
  preloadFirst?: number;
  /** h2 where the grid is the page's main content (listings), h3 under a section heading. */
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 sm:gap-x-4 xl:grid-cols-5">
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} preload={i < preloadFirst} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
