/**
 * The response envelope of docs/architecture.md: every success is `{ success: true, message?, data }`.
 */
import { errorEnvelopeSchema, type Envelope } from '@vastra/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from './errors';

export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** A success with nothing to return but what happened. */
export function done(message: string): { success: true; message: string } {
  return { success: true, message };
}

/** The error answers a route may give, for its response schema: `{ 400: errorEnvelope, … }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorEnvelopeSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorEnvelopeSchema])) as Record<S, typeof errorEnvelopeSchema>;
}

/** The answers of a route serving stored image bytes: the bytes, 400 (a bad name), 404. */
export const storedImageResponses = {
  200: {
    description: 'The image bytes',
    content: { 'image/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
  },
  ...errorResponses(400, 404),
};

/**
 * Sends stored image bytes with their content type, cacheable for a year (a stored name never
 * changes content). Uploaded bytes opened as a page of their own may run nothing (sandbox CSP,
 * nosniff). NotFoundError when `file` is null.
 */
export function sendStoredImage(reply: FastifyReply, file: { body: Buffer; contentType: string } | null) {
  if (!file) throw new NotFoundError('File not found');
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.body);
}

/**
 * Makes `scope` (a plugin scope holding only signed webhooks) parse JSON bodies while keeping
 * each body as sent, which a signature covers; returns the reader of that raw body ('' when
 * none). Bodies over `bodyLimit` bytes are 413, unreadable JSON 400.
 */
export function keepRawJsonBodies(scope: FastifyInstance, bodyLimit: number): (request: FastifyRequest) => string {
  const rawBodies = new WeakMap<FastifyRequest, string>();
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, parsed) => {
    rawBodies.set(request, body as string);
    try {
      parsed(null, JSON.parse(body as string));
    } catch (err) {
      parsed(Object.assign(err as Error, { statusCode: 400 }), undefined);
    }
  });
  return (request) => rawBodies.get(request) ?? '';
}
