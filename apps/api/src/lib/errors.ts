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
