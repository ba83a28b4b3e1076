/** The sizing module's factory (lib/module.ts): size charts for shoppers and the admin's editor. */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import type { CatalogService } from '../catalog';
import { adminSizeChartsRoutes, sizingRoutes } from './routes';
import { SizingService } from './service';

export function createSizingModule(deps: { db: Db; catalog: CatalogService }): ApiModule {
  const sizing = new SizingService(deps.db, deps.catalog);
  return {
    name: 'sizing',
    routes: async (app) => {
      await app.register(sizingRoutes, { sizing });
      await app.register(adminSizeChartsRoutes, { sizing });
    },
  };
}
