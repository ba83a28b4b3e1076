/**
 * GET /media/product-photos/:productId/:name: a product photo's derived file (catalog/images.ts)
 * from the FileStore. Names carry the upload's hash, so a file never changes under its URL and
 * is cached for a year. The storefront's /media route passes these on to next/image.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStoredImage, storedImageResponses } from '../../lib/http';
import type { FileStore } from '../files';
import { DERIVED_FILE_NAME, PRODUCT_PHOTOS_FOLDER, PRODUCT_PHOTOS_PATH } from './images';

const photoParams = z.object({
  productId: z.uuid(),
  name: z.string().regex(DERIVED_FILE_NAME, 'must be a file name like <hash>-800.webp'),
});

export const productPhotoRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (app, { files }) => {
  app.get(
    `${PRODUCT_PHOTOS_PATH}/:productId/:name`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'A product photo in one of its widths, WebP or JPEG; cacheable for a year',
        params: photoParams,
        response: storedImageResponses,
      },
    },
    async (request, reply) => {
      const { productId, name } = request.params;
      const file = await files.get(`${PRODUCT_PHOTOS_FOLDER}/${productId}/${name}`);
      return sendStoredImage(reply, file);
    },
  );
};
