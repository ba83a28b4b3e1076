/** A product's status as the admin names it, what each change says, and a size of a product. */
import { type ProductStatus, type AdminProduct } from '@vastra/contracts';

export const STATUS_NAMES: Record<ProductStatus, string> = { draft: 'Draft', active: 'On sale', archived: 'Archived' };
export const STATUS_DONE: Record<ProductStatus, string> = {
  draft: 'Off sale: a draft again',
  active: 'On sale',
  archived: 'Archived: off sale',
};

export type Variant = AdminProduct['variants'][number];
