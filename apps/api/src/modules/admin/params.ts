/** What the admin routes share: a record's id in the path (a UUID; other shapes are a 400). */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

export const idParams = z.object({ id: z.uuid() });

/** The `:id` of the request's path, for the audit log's record id. */
export const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
