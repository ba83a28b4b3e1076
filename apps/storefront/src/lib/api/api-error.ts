/**
 * A failed API call: the HTTP status (0 when the API could not be reached or did not answer
 * in time) and the message a person reads. Shared by the server and the browser data layer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
