/**
 * The one place where errors become HTTP answers `{ success: false, message }`.
 * Domain errors carry their status; request validation failures are 400 with the field and
 * reason; text PostgreSQL refuses to store (a NUL character) is a 400; anything unexpected is
 * logged with the request id and answered with a generic 500 that carries the id but never a
 * stack trace.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES, PERSON_FACING_VALIDATION_MESSAGES } from '@vastra/contracts';
import { AppError, TooManyRequestsError } from './errors';

/**
 * The failures' messages as one answer when every one is written for shoppers (the
 * contracts' catalogue), each said once; undefined otherwise.
 */
export function shopperMessage(messages: string[]): string | undefined {
  const unique = [...new Set(messages)];
  return unique.every((m) => PERSON_FACING_VALIDATION_MESSAGES.has(m)) ? unique.join(' ') : undefined;
}

/**
 * One message for a failed validation. When every failure carries a message written for
 * shoppers (the contracts' catalogue), those are the answer as they are; otherwise each
 * failure is named by its field, for the developer calling the API.
 */
export function describeValidation(
  err: { validation: { instancePath: string; message?: string }[] },
  context?: string,
): string {
  const readable = shopperMessage(err.validation.map((issue) => issue.message ?? ''));
  if (readable) return readable;
  const parts = err.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'is invalid';
    return field && !message.startsWith(field) ? `${field}: ${message}` : message;
  });
  return `Invalid ${context ?? 'request'}: ${parts.join('; ')}`;
}

/** The 400 for text the database cannot store: zod lets a NUL through, PostgreSQL refuses it. */
export const UNSTORABLE_TEXT_MESSAGE = 'The request contains a character that cannot be stored (such as a NUL byte).';

/** PostgreSQL's codes for such text: 22021 (a NUL, or bytes invalid in UTF-8) and 22P05 (untranslatable). */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

/** Whether `error` or one of its causes (Drizzle wraps the driver's error) is such a refusal. */
function isUnstorableText(error: unknown): boolean {
  let e = error;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if (UNSTORABLE_TEXT_CODES.has(String((e as { code?: unknown }).code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = error instanceof TooManyRequestsError ? (error as TooManyRequestsError).retryAfterSeconds : 0;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply.status(error.statusCode).send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ success: false, message: describeValidation(error, error.validationContext) });
    }
    if (isUnstorableText(error)) return reply.status(400).send({ success: false, message: UNSTORABLE_TEXT_MESSAGE });
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.status(status).send({ success: false, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, message: GENERIC_MESSAGES.fallback, requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ success: false, message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
