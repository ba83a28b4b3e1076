/**
 * A commerce backend (`/store`) call that failed (behaviour.md §8 Commerce): like the Medusa JS
 * SDK's FetchError, it carries the message (the backend's, else the status text), the HTTP status
 * text and the status. Raised for every status of 300 or above, and for an answer that is not
 * JSON. Shared by the server data layer and tests; no server-only imports.
 */
export class StoreError extends Error {
  constructor(
    message: string,
    readonly statusText: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/**
 * The JSON body of a `/store` answer (Medusa's shapes, no `{ success, data }` envelope). Throws
 * StoreError when the status is 300 or above (message: the body's `message`, else the status
 * text, else `status <n>`) or when a successful answer is not a JSON object.
 */
export async function readStoreAnswer<T>(res: Response): Promise<T> {
  const body: unknown = await res.json().catch(() => null);
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : '';
  if (res.status >= 300) {
    throw new StoreError(message || res.statusText || `status ${res.status}`, res.statusText, res.status);
  }
  if (!body || typeof body !== 'object') {
    throw new StoreError('The commerce backend answered without a JSON body', res.statusText, res.status);
  }
  return body as T;
}
