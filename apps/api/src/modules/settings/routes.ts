/**
 * The store settings over HTTP (docs/admin.md "Store settings"):
 * - GET /store-settings: the public part (name, logo, colour, contact) for the storefront;
 * - GET and PUT /admin/api/store-settings: every setting, owner only; each save is in the
 *   audit log with the settings before and after;
 * - GET /admin/api/compliance: what the law asks the store to show, met or missing (every role:
 *   the dashboard shows it);
 * - POST /admin/api/store-pictures (multipart, one `file`): an uploaded picture for the logo,
 *   a homepage section or a collection (catalogue writers), audited;
 * - GET /media/store-pictures/{name}: a picture's derived file, cacheable for a year.
 */
import {
  ADMIN_API_PREFIX,
  envelope,
  legalCheckSchema,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  publicStoreSettingsSchema,
  STORE_PICTURES_PATH,
  storePictureSchema,
  storeSettingsSchema,
  storeSettingsViewSchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { errorResponses, ok, sendStoredImage, storedImageResponses } from '../../lib/http';
import { STORE_PICTURE_NAME, type StorePictures } from './pictures';
import type { StoreSettingsService } from './service';

/** How long the storefront and browsers may keep the public settings, in seconds. */
const PUBLIC_MAX_AGE_S = 5;

/** The bytes of the one `file` part; ValidationError or PayloadTooLargeError with the admin's messages. */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ValidationError(PRODUCT_IMAGE_MESSAGES.noFile);
  let body: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2 } })) {
      if (part.type !== 'file' || part.fieldname !== 'file')
        throw new ValidationError(`Unknown form field: ${part.fieldname}.`);
      body = await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLargeError(PRODUCT_IMAGE_MESSAGES.tooLarge.replace('product photo', 'picture'));
    }
    throw err;
  }
  if (!body?.length) throw new ValidationError(PRODUCT_IMAGE_MESSAGES.noFile);
  return body;
}

export const storeSettingsRoutes: FastifyPluginAsyncZod<{
  settings: StoreSettingsService;
  pictures: StorePictures;
}> = async (app, { settings, pictures }) => {
  const P = `${ADMIN_API_PREFIX}/store-settings`;
  const tags = ['admin'];

  app.get(
    '/store-settings',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The store’s name, logo (absolute URL or null), brand colour and contact details',
        response: { 200: envelope(publicStoreSettingsSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
      return ok(await settings.publicSettings());
    },
  );

  app.get(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      schema: {
        tags,
        summary: 'Every store setting, the gateways configured on this server and the store’s GST state code',
        response: { 200: envelope(storeSettingsViewSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await settings.view()),
  );

  app.put(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      config: {
        audit: {
          action: 'store-settings.update',
          entity: 'store-settings',
          id: () => 'store',
          read: () => settings.current(),
        },
      },
      schema: {
        tags,
        summary: 'Save every store setting (amounts in rupees); in force on every instance within seconds',
        body: storeSettingsSchema,
        response: { 200: envelope(storeSettingsViewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await settings.update(request.body)),
  );

  app.get(
    `${ADMIN_API_PREFIX}/compliance`,
    {
      onRequest: app.requireStaff('dashboard.read'),
      schema: {
        tags,
        summary:
          'What the law asks the store to show (seller, GSTIN, customer care, grievance officer, data protection contact): each met or what is missing',
        response: { 200: envelope(legalCheckSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await settings.legalCheck()),
  );

  app.post(
    `${ADMIN_API_PREFIX}/store-pictures`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'store-picture.upload', entity: 'store-picture' } },
      schema: {
        tags,
        summary:
          'Upload a picture (multipart, `file`: JPEG, PNG or WebP, at most 10 MB) for the logo, a homepage section or a collection; answers its URL path',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(storePictureSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => ok(await pictures.add(await readUpload(request))),
  );

  app.get(
    `${STORE_PICTURES_PATH}/:name`,
    {
      schema: {
        tags: ['catalog'],
        summary: 'A store picture in one of its widths, WebP or JPEG; cacheable for a year',
        params: z.object({ name: z.string().regex(STORE_PICTURE_NAME, 'must be a file name like <hash>-800.webp') }),
        response: storedImageResponses,
      },
    },
    async (request, reply) => {
      const file = await pictures.get(request.params.name);
      return sendStoredImage(reply, file);
    },
  );
};
