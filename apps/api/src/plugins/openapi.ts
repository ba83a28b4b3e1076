/**
 * The OpenAPI document of every route (from their zod schemas) and its page at /docs. The page
 * maps every route for an attacker too: in production only when API_DOCS asks for it.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(
  app: FastifyInstance,
  opts: { publicUrl: string; page: boolean; secureCookies: boolean },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Vastra API',
        description: 'The API of the Vastra storefront: catalogue, accounts, cart, checkout and orders.',
        version: '0.1.0',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: {
          publishableKey: { type: 'apiKey', in: 'header', name: 'x-publishable-api-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (!opts.page) return;
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // Over plain http (development) an upgrade to https would break the page's own assets.
    transformStaticCSP: (header) =>
      opts.secureCookies ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
