/**
 * The catalogue module's public surface: reads (CatalogService, AdminCatalogQueries), stock
 * (InventoryService), edits, the products CSV in and out, routes; and, for the seed (db/seed),
 * the one product writer with the rules every product follows.
 */
export { AdminCatalogQueries, type AdminProductFilter } from './admin-queries';
export { CATALOG_CACHE_CONTROL, CatalogAnswers, notModified, REVALIDATE_CACHE_CONTROL } from './answers';
export {
  CATALOG_CHANGES_CHANNEL,
  CatalogChanges,
  dropsKeptAnswers,
  postgresChangeBus,
  redisChangeBus,
  tagsOfEntity,
  type ChangeBus,
} from './changes';
export { pathKey, uniqueSlug } from './category-paths';
export { exportProductsCsv } from './csv-export';
export { CsvImportError, importProductsCsv } from './csv-import';
export { hsnCodeFor } from './hsn';
export { CatalogImports } from './imports';
export { HomepageEditor } from './homepage-editor';
export { productPhotoRoutes } from './image-routes';
export { ProductImageService } from './images';
export { InventoryService, type LowStockVariant, type ReservedLine, type StockLine } from './inventory';
export { ProductEditor } from './product-editor';
export { describe, listingOf, PLACEHOLDER_URL, productSlug, searchTextFor, variantsFor } from './product-rules';
export { buildSearchText, displayName, singular, slugify } from './product-text';
export { chunk, upsertParts, writeProducts, type ProductInput } from './product-writer';
export { setProductsStatus } from './product-status';
export { catalogRoutes } from './routes';
export { refreshSearchTerms } from './search-terms';
export { TaxonomyEditor } from './taxonomy-editor';
export { SynonymEditor } from './synonyms';
export { CatalogService, pageMeta, type CatalogOptions, type VariantDetail } from './service';
export { createCatalogModule, MEDIA_DIR } from './module';
