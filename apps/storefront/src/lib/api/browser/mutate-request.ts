import { callUnauthorized } from '@/lib/session-expiry';
import { ApiError } from '../api-error';
import { createBrowserApi, type ApiAnswer, type BrowserApi } from './client';
import { MutationError, type MutateOptions, type Mutation, type ReadOptions } from './mutate';

/** The write helper's sending half (mutate.ts), loaded with the first write: one credentialed client per API address. */
const clients = new Map<string, BrowserApi>();

/** The credentialed client of this API address (made once). */
export function clientFor(apiUrl: string): BrowserApi {
  let client = clients.get(apiUrl);
  if (!client) {
    client = createBrowserApi({ baseUrl: apiUrl, onUnauthorized: () => void callUnauthorized() });
    clients.set(apiUrl, client);
  }
  return client;
}

/** Sends one write (see mutate.ts `mutate`): its data and message, or MutationError with the message to show. */
export async function send<T>(apiUrl: string, path: string, options: MutateOptions): Promise<Mutation<T>> {
  const { method = 'POST', json, headers, fallback, answersBelow500, connectionTexts } = options;
  try {
    const answer = await clientFor(apiUrl).request<T>(path, { method, json, headers, answersBelow500 });
    return answered(answer, answersBelow500);
  } catch (error) {
    throw failure(error, fallback, connectionTexts);
  }
}

/** Sends one read (see mutate.ts `read`). */
export async function receive<T>(apiUrl: string, path: string, options: ReadOptions): Promise<Mutation<T>> {
  const { fallback, answersBelow500 } = options;
  try {
    const answer = await clientFor(apiUrl).request<T>(path, { answersBelow500 });
    return answered(answer, answersBelow500);
  } catch (error) {
    throw failure(error, fallback);
  }
}

/** A call's data and message, and its status for a caller that reads answers below 500 itself. */
function answered<T>(answer: ApiAnswer<T>, answersBelow500 = false): Mutation<T> {
  return answersBelow500
    ? { data: answer.data, message: answer.message, status: answer.status }
    : { data: answer.data, message: answer.message };
}

/**
 * The MutationError of a failed call: the API's message, else the call's behaviour.md §8 text
 * (with `connectionTexts`, no answer keeps the client's connection text).
 */
export function failure(error: unknown, fallback: string, connectionTexts = false): MutationError {
  if (error instanceof ApiError) {
    if (error.status === 0) return new MutationError(connectionTexts ? error.message : fallback, 0);
    return new MutationError(error.isGeneric ? fallback : error.message, error.status);
  }
  return new MutationError(fallback, 0);
}
