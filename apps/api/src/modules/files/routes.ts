/**
 * Public file routes: GET /files/avatars/:name serves an avatar from the FileStore. Names
 * are random (a UUID per upload), so a file never changes under its URL and is cached for a year.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@vastra/contracts';
import { NotFoundError } from '../../lib/errors';
import type { FileStore } from './store';

const AVATARS_PREFIX = 'avatars/';
/** `<uuid-ish>.<ext>`: lowercase letters, digits and dashes, one dot, a short extension. */
const AVATAR_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.[a-z0-9]{1,8}$/;

const avatarParams = z.object({ name: z.string().regex(AVATAR_NAME, 'must be a file name like <uuid>.webp') });

/**
 * The public URL of an avatar: `avatars/<name>` → `<publicUrl>/files/avatars/<name>`.
 * `publicUrl` is the API's address (config.publicUrl); throws on a key outside `avatars/`.
 */
export function avatarUrl(publicUrl: string, key: string): string {
  const name = key.startsWith(AVATARS_PREFIX) ? key.slice(AVATARS_PREFIX.length) : '';
  if (!AVATAR_NAME.test(name)) throw new Error(`Not an avatar key: ${JSON.stringify(key)}`);
  return `${publicUrl.replace(/\/$/, '')}/files/${AVATARS_PREFIX}${name}`;
}

export const filesRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (app, { files }) => {
  app.get(
    '/files/avatars/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'An avatar image, with the content type it was stored with; cacheable for a year',
        params: avatarParams,
        response: {
          200: {
            description: 'The image bytes',
            content: { 'image/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
          },
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await files.get(AVATARS_PREFIX + request.params.name);
      if (!file) throw new NotFoundError('File not found');
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // Uploaded bytes opened as a page of their own may run nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.body)
      );
    },
  );
};
