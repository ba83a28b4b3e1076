import 'server-only';
import { NextResponse } from 'next/server';
import { CommerceError, toCommerceError } from './commerce-error';

/**
 * Runs the work of an /api/commerce route: its result as JSON, or a failure as `{ message }`
 * with the backend's status and status text (502 when the backend did not answer).
 */
export async function respond(work: () => Promise<unknown>): Promise<NextResponse> {
  try {
    return NextResponse.json(await work());
  } catch (error) {
    const failure = toCommerceError(error);
    if (failure.status === 0 || failure.status >= 500) console.error('Commerce call failed:', error);
    return NextResponse.json(
      { message: failure.message },
      { status: failure.status || 502, statusText: failure.statusText || undefined },
    );
  }
}

/**
 * The JSON body of a write. Only `application/json` is read: other sites cannot send that
 * without the browser asking first, so they cannot write to a shopper's cart.
 */
export async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!request.headers.get('content-type')?.includes('application/json')) {
    throw new CommerceError('Send the request as application/json.', 'Unsupported Media Type', 415);
  }
  const body: unknown = await request.json().catch(() => null);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new CommerceError('The request body must be a JSON object.', 'Bad Request', 400);
  }
  return body as Record<string, unknown>;
}

/** A string field, or undefined. */
export const stringField = (body: Record<string, unknown>, key: string) =>
  typeof body[key] === 'string' ? (body[key] as string) : undefined;
