/**
 * Public file routes: GET /files/avatars/:name and /files/reviews/:name serve avatars and
 * review photos from the FileStore. Names are random (a UUID per upload), so a file never
 * changes under its URL and is cached for a year. Only these public folders are reachable.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStoredImage, storedImageResponses } from '../../lib/http';
import type { FileStore } from './store';

/** Folders of the file store anyone may read. */
const PUBLIC_FOLDERS = ['avatars', 'reviews'] as const;
type PublicFolder = (typeof PUBLIC_FOLDERS)[number];
/** `<uuid-ish>.<ext>`: lowercase letters, digits and dashes, one dot, a short extension. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.[a-z0-9]{1,8}$/;

const fileParams = z.object({
  folder: z.enum(PUBLIC_FOLDERS),
  name: z.string().regex(FILE_NAME, 'must be a file name like <uuid>.webp'),
});

function publicFileUrl(publicUrl: string, folder: PublicFolder, key: string): string {
  const prefix = `${folder}/`;
  const name = key.startsWith(prefix) ? key.slice(prefix.length) : '';
  if (!FILE_NAME.test(name)) throw new Error(`Not a key of ${folder}/: ${JSON.stringify(key)}`);
  return `${publicUrl.replace(/\/$/, '')}/files/${prefix}${name}`;
}

/**
 * The public URL of an avatar: `avatars/<name>` → `<publicUrl>/files/avatars/<name>`.
 * `publicUrl` is the API's address (config.publicUrl); throws on a key outside `avatars/`.
 */
export function avatarUrl(publicUrl: string, key: string): string {
  return publicFileUrl(publicUrl, 'avatars', key);
}

/** The public URL of a review photo (`reviews/<name>`); throws on a key outside `reviews/`. */
export function reviewPhotoUrl(publicUrl: string, key: string): string {
  return publicFileUrl(publicUrl, 'reviews', key);
}

export const filesRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (app, { files }) => {
  app.get(
    '/files/:folder/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'An avatar or review photo, with the content type it was stored with; cacheable for a year',
        params: fileParams,
        response: storedImageResponses,
      },
    },
    async (request, reply) => {
      const file = await files.get(`${request.params.folder}/${request.params.name}`);
      return sendStoredImage(reply, file);
    },
  );
};
