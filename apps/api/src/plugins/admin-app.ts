/**
 * Serves the merchant admin app (`apps/admin/dist`, built by `npm start` and the tests) at
 * /admin on the API's origin (docs/admin.md): its hashed assets with a year's cache, and its
 * index.html for every other path under /admin (browser routes survive a reload), except
 * /admin/api, which stays the API's. The page gets its own Content-Security-Policy: scripts
 * and connections to this origin only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { ADMIN_API_PREFIX, ADMIN_BASE_PATH } from '@vastra/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, ServiceUnavailableError } from '../lib/errors';

/** Where `npm run build -w apps/admin` puts the app. */
export const ADMIN_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../admin/dist');

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) writes its styles into <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

export async function registerAdminApp(app: FastifyInstance, dist = ADMIN_DIST): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(dist, 'assets'),
    prefix: `${ADMIN_BASE_PATH}/assets/`,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(`${ADMIN_API_PREFIX}/`)) throw new NotFoundError('Not found');
    const html = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8').catch(() => null);
    if (html === null) throw new ServiceUnavailableError('The admin app is not built: run npm run build -w apps/admin');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CSP)
      .header('cross-origin-resource-policy', 'same-origin')
      .send(html);
  };
  app.get(ADMIN_BASE_PATH, { schema: { hide: true } }, page);
  app.get(`${ADMIN_BASE_PATH}/*`, { schema: { hide: true } }, page);
}
