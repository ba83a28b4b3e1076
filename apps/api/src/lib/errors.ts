/**
 * Typed domain errors. Services throw these; the one error handler in `app.ts` turns them
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

/** 400: the request cannot be read or breaks a rule. */
export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 401: the caller is not logged in. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

/** 404: no such thing, or not the caller's. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** 409: conflicts with the current state. */
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
