/**
 * Shapes of the admin's categories and collections (`/admin/api/categories`,
 * `/admin/api/collections`; docs/admin.md "Categories and collections"): the category tree
 * with its hidden branches, the bodies that make, rename, move, reorder and hide categories
 * and collections, and a collection with its hand-picked products.
 */
import { z } from 'zod';
import { hindiText } from './catalog-language';

export const TAXONOMY_MESSAGES = {
  categoryNotFound: 'No such category.',
  collectionNotFound: 'No such collection.',
  tooDeep: 'Categories go three levels deep: a product category (third level) cannot hold categories.',
  wrongLevel: 'A category moves only under a category one level above it.',
  underItself: 'A category cannot go under itself or a category below it.',
  topLevelStays: 'A top-level category stays at the top.',
  orderMismatch: 'Give every category under this parent (or every collection) once, in the new order.',
} as const;

/** The levels of the category tree: master → sub → article (products sit in articles). */
export const CATEGORY_LEVELS = ['master', 'sub', 'article'] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

const name = z.string().trim().min(1, 'Give a name.').max(80);
/** A media path on the API ("/media/…") or an https address of a picture; null for none. */
const image = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/(?!\/)|https:\/\/)/, 'Use a /media/… path or an https:// address.')
  .nullable();

/** One category as written: what the category routes answer. */
export const adminCategoryRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameHi: z.string().nullable(),
  slug: z.string(),
  level: z.enum(CATEGORY_LEVELS),
  parentId: z.string().nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  image: z.string().nullable(),
});
export type AdminCategoryRecord = z.infer<typeof adminCategoryRecordSchema>;

/** A category in the admin's tree: hidden ones included, products counted in its own level only. */
export type AdminCategoryNode = AdminCategoryRecord & {
  /** Products (any status) filed directly in this category. */
  products: number;
  children: AdminCategoryNode[];
};
export const adminCategoryNodeSchema: z.ZodType<AdminCategoryNode> = z.lazy(() =>
  adminCategoryRecordSchema.extend({
    products: z.number().int(),
    children: z.array(adminCategoryNodeSchema),
  }),
);

/** POST /admin/api/categories: a category under `parentId` (null: top level), last among its siblings; the slug comes from the name. */
export const categoryCreateBodySchema = z.object({
  name,
  /** The name in Hindi; empty or null: none (shoppers reading Hindi see the English). */
  nameHi: hindiText(80).default(null),
  parentId: z.uuid().nullable().default(null),
  image: image.default(null),
  isActive: z.boolean().default(true),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBodySchema>;

/**
 * PATCH /admin/api/categories/{id}: rename (the slug stays, so links keep working), move under
 * another parent of the level above (last among its new siblings), change the picture, hide or
 * show. Only the fields given change.
 */
export const categoryUpdateBodySchema = z
  .object({
    name: name.optional(),
    nameHi: hindiText(80).optional(),
    parentId: z.uuid().optional(),
    image: image.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBodySchema>;

/** POST /admin/api/categories/order: every child of `parentId` (null: the top level) once, in the new order. */
export const categoryOrderBodySchema = z.object({
  parentId: z.uuid().nullable(),
  ids: z.array(z.uuid()).min(1).max(500),
});

/** A collection as the admin edits it. */
export const adminCollectionDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  nameHi: z.string().nullable(),
  descriptionHi: z.string().nullable(),
  image: z.string().nullable(),
  position: z.number().int(),
  isActive: z.boolean(),
  /** Its products, by name: what the admin picked by hand. */
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      brand: z.string(),
      status: z.string(),
      image: z.string().nullable(),
    }),
  ),
});
export type AdminCollectionDetail = z.infer<typeof adminCollectionDetailSchema>;

const collectionFields = {
  name,
  description: z.string().trim().max(1000),
  nameHi: hindiText(80),
  descriptionHi: hindiText(1000),
  image,
  isActive: z.boolean(),
};

/** POST /admin/api/collections: last in the order; the slug comes from the name. */
export const collectionCreateBodySchema = z.object({
  name: collectionFields.name,
  description: collectionFields.description.default(''),
  nameHi: collectionFields.nameHi.default(null),
  descriptionHi: collectionFields.descriptionHi.default(null),
  image: image.default(null),
  isActive: collectionFields.isActive.default(true),
});
export type CollectionCreateBody = z.infer<typeof collectionCreateBodySchema>;

/** PATCH /admin/api/collections/{id}: rename (the slug stays), describe, picture, hide or show. */
export const collectionUpdateBodySchema = z
  .object({
    name: collectionFields.name.optional(),
    description: collectionFields.description.optional(),
    nameHi: collectionFields.nameHi.optional(),
    descriptionHi: collectionFields.descriptionHi.optional(),
    image: collectionFields.image.optional(),
    isActive: collectionFields.isActive.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Nothing to change');
export type CollectionUpdateBody = z.infer<typeof collectionUpdateBodySchema>;

/** POST /admin/api/collections/order: every collection once, in the new order. */
export const collectionOrderBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
