/** The catalogue module's public surface: reads (CatalogService, AdminCatalogQueries), stock (InventoryService), routes. */
export { AdminCatalogQueries, type AdminProductFilter } from './admin-queries';
export { CatalogAnswers, notModified, REVALIDATE_CACHE_CONTROL } from './answers';
export {
  CATALOG_CHANGES_CHANNEL,
  CatalogChanges,
  dropsKeptAnswers,
  postgresChangeBus,
  redisChangeBus,
  tagsOfEntity,
  type ChangeBus,
} from './changes';
export { CatalogImports, exportProductsCsv } from './csv';
export { HomepageEditor } from './homepage-editor';
export { productPhotoRoutes } from './image-routes';
export { ProductImageService } from './images';
export { InventoryService, type LowStockVariant, type ReservedLine, type StockLine } from './inventory';
export { ProductEditor } from './product-editor';
export { setProductsStatus } from './product-status';
export { catalogRoutes } from './routes';
export { refreshSearchTerms } from './search-terms';
export { TaxonomyEditor } from './taxonomy-editor';
export { CatalogService, pageMeta, type CatalogOptions, type VariantDetail } from './service';
export { createCatalogModule, MEDIA_DIR } from './module';
