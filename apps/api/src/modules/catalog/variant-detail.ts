/** One size of a product with its product (behaviour.md §3 Cart, Wishlist): the shape and its row. */
import type { Image } from '@vastra/contracts';
import type { VariantJson } from './product-queries';
import type { ImageJson } from './tables';

/** One size of a product with its product, as the cart and the wishlist show it. Money in paise. */
export type VariantDetail = {
  id: string;
  sku: string;
  size: string;
  color: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  product: {
    id: string;
    slug: string;
    name: string;
    brand: string;
    isActive: boolean;
    hsnCode: string;
    categoryId: string;
    images: Image[];
    primaryImage: Image | null;
    variants: Omit<VariantDetail, 'product'>[];
  };
};

export type VariantDetailRow = {
  variant_id: string;
  id: string;
  slug: string;
  name: string;
  brand: string;
  is_active: boolean;
  hsn_code: string;
  category_id: string;
  images: ImageJson[];
  variants: VariantJson[] | null;
};
