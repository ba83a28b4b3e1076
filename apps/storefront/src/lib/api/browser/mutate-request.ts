import { sessionExpired } from '@/lib/session-expiry';
import { ApiError } from '../api-error';
import { createBrowserApi, type BrowserApi } from './client';
import { MutationError, type MutateOptions, type Mutation, type ReadOptions } from './mutate';

/** The write helper's sending half (mutate.ts), loaded with the first write: one credentialed client per API address. */
const clients = new Map<string, BrowserApi>();

/** The credentialed client of this API address (made once). */
export function clientFor(apiUrl: string): BrowserApi {
  let client = clients.get(apiUrl);
  if (!client) {
    client = createBrowserApi({ baseUrl: apiUrl, onUnauthorized: () => void sessionExpired() });
    clients.set(apiUrl, client);
  }
  return client;
}

/** Sends one write (see mutate.ts `mutate`): its data and message, or MutationError with the message to show. */
export async function send<T>(apiUrl: string, path: string, options: MutateOptions): Promise<Mutation<T>> {
  const { method = 'POST', json, headers, fallback } = options;
  try {
    const answer = await clientFor(apiUrl).request<T>(path, { method, json, headers });
    return { data: answer.data, message: answer.message };
  } catch (error) {
    throw failure(error, fallback);
  }
}

/** Sends one read (see mutate.ts `read`). */
export async function receive<T>(apiUrl: string, path: string, options: ReadOptions): Promise<Mutation<T>> {
  const { fallback, answersBelow500 } = options;
  try {
    const answer = await clientFor(apiUrl).request<T>(path, { answersBelow500 });
    return { data: answer.data, message: answer.message };
  } catch (error) {
    throw failure(error, fallback);
  }
}

/** The MutationError of a failed call: the API's message, else the call's behaviour.md §8 text. */
function failure(error: unknown, fallback: string): MutationError {
  if (error instanceof ApiError) {
    return new MutationError(error.status === 0 || error.isGeneric ? fallback : error.message, error.status);
  }
  return new MutationError(fallback, 0);
}
