import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@vastra/contracts';
import { ApiError } from './api-error';

/**
 * The browser's API client (client components only, through the Redux store's thunks): every
 * call goes to the public API address with cookies and, when the shopper is logged in, the
 * bearer token of the auth state.
 */
export type BrowserApiOptions = {
  baseUrl: string;
  /** The bearer of the current session, read at call time. */
  getToken: () => string | null;
  /** Called on a 401 answer of any call that does not take 4xx answers itself (§4 Session expiry). */
  onUnauthorized: () => void;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the browser sets its content type and boundary). */
  form?: FormData;
  /**
   * §7: login and register treat statuses 200 to 499 as answers for the caller, so a wrong
   * password is an answer, not a session expiry.
   */
  answersBelow500?: boolean;
  /** Overrides the state's bearer (logout sends the token it is ending after the state forgot it). */
  bearer?: string | null;
  /** Further request headers, e.g. the `Idempotency-Key` of POST /orders. */
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/** An answer of the API: its status and the parts of the `{ success, message, data }` envelope. */
export type ApiAnswer<T> = { status: number; ok: boolean; message: string | undefined; data: T | undefined };

export type BrowserApi = { request<T>(path: string, options?: RequestOptions): Promise<ApiAnswer<T>> };

const DEFAULT_TIMEOUT_MS = 15_000;

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * Builds the client. A call that fails answers with an ApiError carrying the server's message
 * (other errors pass to the caller unchanged, §8), or the §8 text for a refused connection or
 * a timeout (status 0).
 */
export function createBrowserApi({ baseUrl, getToken, onUnauthorized }: BrowserApiOptions): BrowserApi {
  return {
    async request<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
      const { method = 'GET', json, form, answersBelow500 = false, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
      const token = options.bearer === undefined ? getToken() : options.bearer;
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
      if (token) headers.authorization = `Bearer ${token}`;
      if (json !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: json !== undefined ? JSON.stringify(json) : form,
          credentials: 'include',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new ApiError(0, isTimeout(error) ? AUTH_MESSAGES.timeout : AUTH_MESSAGES.connectionRefused);
      }
      const body = (await res.json().catch(() => null)) as { success?: unknown; message?: unknown; data?: T } | null;
      const answer: ApiAnswer<T> = {
        status: res.status,
        ok: res.ok && body?.success === true,
        message: typeof body?.message === 'string' && body.message ? body.message : undefined,
        data: body?.data,
      };
      if (answer.ok || (answersBelow500 && res.status < 500)) return answer;
      if (res.status === 401) onUnauthorized();
      throw new ApiError(res.status, answer.message ?? GENERIC_MESSAGES.fallback, answer.message === undefined);
    },
  };
}
