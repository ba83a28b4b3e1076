/**
 * Builds the Fastify app: plugins, error handling, OpenAPI at /docs, media files and the
 * domain modules. `server.ts` only opens the database and listens; tests build this same app
 * with their own database and call it through `app.inject`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './lib/error-handler';
import { catalogRoutes } from './modules/catalog/routes';
import { CatalogService } from './modules/catalog/service';
import { healthRoutes } from './modules/health/routes';

/** Vendored catalogue photos and the placeholder image, served under /media. */
export const MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data-sources/catalog');

export type AppDeps = { config: Config; database: Database };

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    requestIdHeader: 'x-request-id',
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cors, {
    origin: config.storefrontOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vastra API',
        description: 'The API of the Vastra storefront: catalogue, accounts, cart, checkout and orders.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
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

  const catalog = new CatalogService(database.db, {
    mediaBaseUrl: config.publicUrl,
    cacheTtlMs: config.catalogCacheTtlMs,
  });
  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { catalog });

  return app;
}
