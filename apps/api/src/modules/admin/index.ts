/** The admin API module's public surface: its routes over the other modules' services (docs/admin.md). */
export { adminJobs, STORE_NOTIFY_JOB } from './jobs';
export { StoreNotifier } from './notifier';
export { adminCatalogCsvRoutes } from './catalog-csv-routes';
export { adminCatalogRoutes } from './catalog-routes';
export { adminHomepageRoutes } from './homepage-routes';
export { adminImagesRoutes } from './images-routes';
export { adminJobsRoutes } from './jobs-routes';
export { adminMarketingRoutes } from './marketing-routes';
export { adminOrdersRoutes } from './orders-routes';
export { adminProductsRoutes } from './products-routes';
export { adminReportsRoutes } from './reports-routes';
export { adminReviewsRoutes } from './reviews-routes';
export { adminServiceRoutes } from './service-routes';
export { adminTaxRatesRoutes } from './tax-rates-routes';
export { adminTaxonomyRoutes } from './taxonomy-routes';
export type { AdminDeps } from './types';
export { createAdminModule } from './module';
