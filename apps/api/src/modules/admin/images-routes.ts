/**
 * The admin's product photos (docs/admin.md "Product images"): list, upload (multipart, one or
 * several files), order, primary and removal. Owner and staff (`catalog.write` for changes);
 * every change is audited with the product's photos before and after.
 */
import {
  ADMIN_API_PREFIX,
  PRODUCT_IMAGE_FILES_PER_REQUEST,
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_MESSAGES,
  envelope,
  productImageOrderBodySchema,
  productImageSchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayloadTooLargeError, ValidationError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import type { ProductImageService } from '../catalog';
import { idOf, idParams } from './params';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/products/:id/images`;
const imageParams = idParams.extend({ imageId: z.string().regex(/^[0-9a-f]{16}$/, 'must be a photo id') });
const imagesAnswer = envelope(z.array(productImageSchema));

const codeOf = (err: unknown) => (err as { code?: string }).code;

/** The bytes of every `files` part; ValidationError or PayloadTooLargeError with the admin's messages. */
async function readUploads(request: FastifyRequest): Promise<Buffer[]> {
  if (!request.isMultipart()) throw new ValidationError(PRODUCT_IMAGE_MESSAGES.noFile);
  const uploads: Buffer[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: PRODUCT_IMAGE_FILES_PER_REQUEST, fields: 5 },
    })) {
      if (part.type !== 'file' || part.fieldname !== 'files') {
        throw new ValidationError(`Unknown form field: ${part.fieldname}.`);
      }
      const body = await part.toBuffer();
      if (body.length > 0) uploads.push(body);
    }
  } catch (err) {
    if (codeOf(err) === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError(PRODUCT_IMAGE_MESSAGES.tooLarge);
    if (codeOf(err) === 'FST_FILES_LIMIT') throw new ValidationError(PRODUCT_IMAGE_MESSAGES.tooManyFiles);
    throw err;
  }
  if (uploads.length === 0) throw new ValidationError(PRODUCT_IMAGE_MESSAGES.noFile);
  return uploads;
}

export const adminImagesRoutes: FastifyPluginAsyncZod<{ images: ProductImageService }> = async (app, { images }) => {
  const audit = (action: string) => ({
    action,
    entity: 'product',
    id: idOf,
    read: async (id: string) => ({ images: await images.list(id) }),
  });

  app.get(
    P,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'A product’s photos in order, each with its derived widths',
        params: idParams,
        response: { 200: imagesAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await images.list(request.params.id)),
  );

  app.post(
    P,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: audit('product.images.add') },
      schema: {
        tags,
        summary:
          'Add photos (multipart, `files`: JPEG, PNG or WebP by content, at most 10 MB each), re-encoded into 400, 800 and 1200 px in WebP and JPEG without metadata',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: imagesAnswer, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => ok(await images.add(request.params.id, await readUploads(request))),
  );

  app.put(
    `${P}/order`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: audit('product.images.reorder') },
      schema: {
        tags,
        summary: 'Put the photos in a new order: every photo’s id once',
        params: idParams,
        body: productImageOrderBodySchema,
        response: { 200: imagesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await images.reorder(request.params.id, request.body.ids)),
  );

  app.post(
    `${P}/:imageId/primary`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: audit('product.images.primary') },
      schema: {
        tags,
        summary: 'Make a photo the primary one, which product cards show',
        params: imageParams,
        response: { 200: imagesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await images.setPrimary(request.params.id, request.params.imageId)),
  );

  app.delete(
    `${P}/:imageId`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: audit('product.images.remove') },
      schema: {
        tags,
        summary: 'Take a photo off the product; a product on sale keeps at least one',
        params: imageParams,
        response: { 200: imagesAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await images.remove(request.params.id, request.params.imageId)),
  );
};
