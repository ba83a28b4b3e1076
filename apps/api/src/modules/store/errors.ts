/**
 * Errors of the commerce API in the Medusa v2 Store API's shape, `{ type, message }`, so the
 * Medusa JS SDK reads them (its FetchError carries the body's message and the status). Only
 * the /store scope answers this way; the rest of the API keeps `{ success: false, message }`.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '@vastra/contracts';
import { describeValidation } from '../../lib/error-handler';
import { AppError } from '../../lib/errors';

/** The `type` of a Medusa error body (MedusaError.Types, lower-case as Medusa sends them). */
export type StoreErrorType =
  'invalid_data' | 'not_allowed' | 'unauthorized' | 'not_found' | 'conflict' | 'unknown_error';

export type StoreErrorBody = { type: StoreErrorType; message: string };

/** An error whose Medusa type is not the one its status implies (400 `not_allowed` for a missing key). */
export class StoreApiError extends AppError {
  constructor(
    statusCode: number,
    readonly type: StoreErrorType,
    message: string,
  ) {
    super(statusCode, message);
  }
}

/** The Medusa type of the API's own errors, by status. */
function typeOf(status: number): StoreErrorType {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'not_allowed';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    default:
      return status < 500 ? 'invalid_data' : 'unknown_error';
  }
}

/**
 * Sets the error and not-found handlers of the plugin it is called in (Fastify scopes them
 * to it): typed errors keep their status and message; validation failures are 400
 * `invalid_data`; anything unexpected is logged and answered 500 with a generic message and
 * the request id.
 */
export function registerStoreErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoreApiError) {
      return reply.status(error.statusCode).send({ type: error.type, message: error.message });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ type: typeOf(error.statusCode), message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ type: 'invalid_data', message: describeValidation(error, error.validationContext) });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.status(status).send({ type: typeOf(status), message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ type: 'unknown_error', message: GENERIC_MESSAGES.fallback, requestId: request.id });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ type: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
