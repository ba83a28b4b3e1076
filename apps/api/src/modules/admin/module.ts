/**
 * The admin module's factory (lib/module.ts): the merchant admin's API over the other modules'
 * services (docs/admin.md), each route plugin given only the services it uses, and the store's
 * own mails (new orders and returns, gathered, and a daily summary) as a recurring job.
 */
import type { Jobs } from '../../lib/jobs';
import type { Mailer } from '../../lib/mail';
import type { ApiModule } from '../../lib/module';
import type { ProductImageService, SynonymEditor, TaxonomyEditor } from '../catalog';
import type { GstReports } from '../invoices';
import type { StaffService } from '../staff';
import type { TaxRateAdmin } from '../taxes';
import { adminCatalogCsvRoutes } from './catalog-csv-routes';
import { adminCatalogRoutes } from './catalog-routes';
import { adminHomepageRoutes } from './homepage-routes';
import { adminImagesRoutes } from './images-routes';
import { adminJobs } from './jobs';
import { adminJobsRoutes } from './jobs-routes';
import { adminMarketingRoutes } from './marketing-routes';
import { StoreNotifier } from './notifier';
import { adminOrdersRoutes } from './orders-routes';
import { adminProductsRoutes } from './products-routes';
import { adminReportsRoutes } from './reports-routes';
import { adminReviewsRoutes } from './reviews-routes';
import { adminServiceRoutes } from './service-routes';
import { adminTaxRatesRoutes } from './tax-rates-routes';
import { adminSynonymRoutes } from './synonyms-routes';
import { adminTaxonomyRoutes } from './taxonomy-routes';
import type { AdminDeps } from './types';

export function createAdminModule(
  deps: AdminDeps & {
    staff: StaffService;
    mailer: Mailer;
    jobs: Jobs;
    productImages: ProductImageService;
    taxonomyEditor: TaxonomyEditor;
    synonymEditor: SynonymEditor;
    taxRateAdmin: TaxRateAdmin;
    reports: GstReports;
    /** The store's own mails: to the store settings' notification email, read at each run (none: nothing is sent). */
    notify: { email: () => Promise<string | null>; everyMs: number; summaryHour: number };
    publicUrl: string;
  },
): { notifier: StoreNotifier; module: ApiModule } {
  const notifier = new StoreNotifier({
    ...deps,
    email: deps.notify.email,
    summaryHour: deps.notify.summaryHour,
  });
  return {
    notifier,
    module: {
      name: 'admin',
      jobs: adminJobs(notifier, deps.notify.everyMs),
      routes: async (app) => {
        await app.register(adminOrdersRoutes, { deps });
        await app.register(adminServiceRoutes, { deps });
        await app.register(adminCatalogRoutes, { deps });
        await app.register(adminProductsRoutes, { deps });
        await app.register(adminCatalogCsvRoutes, { deps });
        await app.register(adminImagesRoutes, { images: deps.productImages });
        await app.register(adminReviewsRoutes, { deps });
        await app.register(adminMarketingRoutes, { deps });
        await app.register(adminHomepageRoutes, { deps });
        await app.register(adminReportsRoutes, { reports: deps.reports });
        await app.register(adminTaxRatesRoutes, { taxRates: deps.taxRateAdmin });
        await app.register(adminTaxonomyRoutes, { taxonomy: deps.taxonomyEditor });
        await app.register(adminSynonymRoutes, { synonyms: deps.synonymEditor });
        await app.register(adminJobsRoutes, { jobs: deps.jobs });
      },
    },
  };
}
