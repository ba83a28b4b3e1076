/**
 * Typed domain errors. Services throw these; the one error handler (`lib/error-handler.ts`) turns them
 * into `{ success: false, message }` with the status they carry.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 404: no such thing, or not the caller's. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** 400: the request is understood but its content is not acceptable. */
export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 401: not logged in, or the session is no longer valid. */
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}

/** 403: logged in (or not), but this request may not do this. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}

/** 409: conflicts with what is stored, such as an email already taken. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 413: an upload or body above its size limit. */
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

/** 429: too many attempts; `retryAfterSeconds` becomes the Retry-After header. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** 503: a feature whose provider is not configured or not reachable. */
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
