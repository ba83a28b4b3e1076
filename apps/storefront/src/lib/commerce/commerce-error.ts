import { GENERIC_MESSAGES } from '@vastra/contracts';

/**
 * A failed call to the commerce backend (§8 Commerce SDK errors): the message a person reads,
 * the HTTP status text and the status, for every answer of 300 or above. Status 0 means the
 * backend could not be reached. Shared by the server (SDK calls) and the browser (the
 * storefront's /api/commerce routes).
 */
export class CommerceError extends Error {
  constructor(
    message: string,
    readonly statusText: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'CommerceError';
  }
}

/** Anything a commerce call threw, as a CommerceError (the SDK's FetchError keeps its message and status). */
export function toCommerceError(error: unknown, fallback: string = GENERIC_MESSAGES.fallback): CommerceError {
  if (error instanceof CommerceError) return error;
  if (error instanceof Error && 'status' in error && typeof error.status === 'number') {
    const statusText = 'statusText' in error && typeof error.statusText === 'string' ? error.statusText : '';
    return new CommerceError(error.message || fallback, statusText, error.status);
  }
  return new CommerceError(fallback, '', 0);
}

/** Raises a CommerceError for an answer of 300 or above, with the message of its `{ message }` body. */
export async function throwIfFailed(res: Response, fallback: string = GENERIC_MESSAGES.fallback): Promise<void> {
  if (res.status < 300) return;
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : fallback;
  throw new CommerceError(message, res.statusText, res.status);
}
