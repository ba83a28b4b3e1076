/** The product page's path. Apart from product-card.tsx, so client code using it does not load the card (and its images). */
export function productHref(id: string): string {
  return `/shop/product/${encodeURIComponent(id)}`;
}
