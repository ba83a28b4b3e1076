/**
 * The catalogue module's factory (lib/module.ts): the shoppers' catalogue with its kept answers,
 * stock, the admin's editors and imports, product photos, and how a change reaches every
 * instance's caches and the storefront's pages (changes.ts). It subscribes to what changes
 * those answers (lib/events.ts): `stock.changed` and `review.changed` drop the answers that show
 * stock and ratings here and on the other instances; `catalog.changed` drops the caches and
 * expires the storefront's pages of that entity.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterTransaction, type Database } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { Jobs } from '../../lib/jobs';
import type { ApiModule } from '../../lib/module';
import type { FileStore } from '../files';
import { AdminCatalogQueries } from './admin-queries';
import { CatalogChanges, postgresChangeBus, redisChangeBus, tagsOfEntity } from './changes';
import { CatalogImports } from './imports';
import { HomepageEditor } from './homepage-editor';
import { productPhotoRoutes } from './image-routes';
import { ProductImageService } from './images';
import { InventoryService } from './inventory';
import { ProductEditor } from './product-editor';
import { catalogRoutes } from './routes';
import { CatalogService } from './service';
import { SynonymEditor } from './synonyms';
import { TaxonomyEditor } from './taxonomy-editor';

/** Vendored catalogue photos and the placeholder image, served under /media. */
export const MEDIA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../data-sources/catalog',
);

export function createCatalogModule(deps: {
  database: Database;
  /** DATABASE_URL: the PostgreSQL change channel when there is no Redis. */
  databaseUrl: string | undefined;
  redis: Redis | undefined;
  events: DomainEventBus;
  jobs: Jobs;
  files: FileStore;
  log: FastifyBaseLogger;
  publicUrl: string;
  cacheTtlMs: number;
  /** The storefront's revalidation endpoint and its secret (REVALIDATE_*), or none. */
  revalidate: { storefrontUrl: string; secret: string } | undefined;
  /** Other caches of this instance dropped with the catalogue's (the store settings'). */
  alsoForget: { forget(): void };
  lowStockThreshold: () => Promise<number>;
}) {
  const { database, events, log } = deps;
  const db = database.db;
  const catalog = new CatalogService(db, { mediaBaseUrl: deps.publicUrl, cacheTtlMs: deps.cacheTtlMs });
  const changes = new CatalogChanges({
    forget: () => {
      catalog.forget();
      deps.alsoForget.forget();
    },
    forgetAnswers: () => catalog.forgetAnswers(),
    bus: deps.redis
      ? redisChangeBus(deps.redis, log)
      : database.kind === 'postgres' && deps.databaseUrl
        ? postgresChangeBus(deps.databaseUrl, log)
        : null,
    storefront: deps.revalidate,
    log,
  });
  // Stock sold or a review posted here is seen by every instance once the transaction ends.
  const productsChanged = () => {
    catalog.productsChanged();
    afterTransaction(() => void changes.productsChanged());
  };
  events.on('stock.changed', 'catalog: drop the answers that show stock', productsChanged);
  events.on('review.changed', 'catalog: drop the answers that show ratings', productsChanged);
  events.on('catalog.changed', 'catalog: drop the caches and expire the storefront pages', ({ entity }) =>
    changes.changed(tagsOfEntity(entity)),
  );
  const services = {
    catalog,
    inventory: new InventoryService(events),
    catalogQueries: new AdminCatalogQueries(db, deps.lowStockThreshold),
    productEditor: new ProductEditor(db),
    catalogImports: new CatalogImports({
      db,
      jobs: deps.jobs,
      onImported: () => events.emit('catalog.changed', { entity: 'product', entityId: null }),
    }),
    homepageEditor: new HomepageEditor(db, catalog),
    taxonomyEditor: new TaxonomyEditor(db),
    synonymEditor: new SynonymEditor(db),
    productImages: new ProductImageService(db, deps.files),
  };
  const module: ApiModule = {
    name: 'catalog',
    routes: async (app) => {
      // Only the photos folder and the placeholder are public; the CSVs beside them are not.
      await app.register(fastifyStatic, {
        root: path.join(MEDIA_DIR, 'images'),
        prefix: '/media/products/',
        maxAge: '7d',
        immutable: true,
      });
      app.get('/media/placeholder.svg', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'public, max-age=604800, immutable').sendFile('placeholder.svg', MEDIA_DIR),
      );
      await app.register(catalogRoutes, { catalog });
      await app.register(productPhotoRoutes, { files: deps.files });
    },
    start: () => changes.start(),
    stop: () => changes.stop(),
  };
  return { ...services, module };
}
