import { sessionExpired } from '@/lib/session-expiry';
import { ApiError } from '../api-error';
import { createBrowserApi, type BrowserApi } from './client';
import { MutationError, type MutateOptions, type Mutation } from './mutate';

/** The write helper's sending half (mutate.ts), loaded with the first write: one credentialed client per API address. */
const clients = new Map<string, BrowserApi>();

function clientFor(apiUrl: string): BrowserApi {
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
    if (error instanceof ApiError) {
      throw new MutationError(error.status === 0 || error.isGeneric ? fallback : error.message, error.status);
    }
    throw new MutationError(fallback, 0);
  }
}
