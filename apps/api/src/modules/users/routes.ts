/**
 * The signed-in user's own account (behaviour.md §7 Auth): `GET /auth/me` and the profile form
 * `PUT /auth/profile/full`. Both need a session; answers carry only the public user.
 */
import { AUTH_MESSAGES, envelope, userSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import { readProfileForm } from './profile-form';
import type { UsersService } from './service';

const userEnvelope = envelope(z.object({ user: userSchema }));
const errors = errorResponses(400, 401, 403, 404, 413);

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: { tags: ['auth'], summary: 'The logged-in user', response: { 200: userEnvelope, ...errors } },
    },
    async (request) => ok({ user: await users.toPublic(await users.get(principalOf(request).userId)) }),
  );

  app.put(
    '/auth/profile/full',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'Update the profile (multipart/form-data: name, phone, gender, dateOfBirth, addresses as JSON, locale en|hi, avatar file ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: userEnvelope, ...errors },
      },
    },
    async (request) => {
      const { fields, avatar } = await readProfileForm(request);
      const row = await users.updateProfile(principalOf(request).userId, fields, avatar);
      return ok({ user: await users.toPublic(row) }, AUTH_MESSAGES.profileUpdated);
    },
  );
};
