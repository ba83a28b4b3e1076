/**
 * A failed API call: the HTTP status (0 when the API could not be reached or did not answer
 * in time) and the message a person reads. `isGeneric` marks a message put in because the
 * server gave none, so a caller with a more fitting text (behaviour.md §8) can use that instead. Shared by
 * the server and the browser data layer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly isGeneric = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
