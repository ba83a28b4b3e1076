import { AUTH_MESSAGES, GENERIC_MESSAGES } from '@vastra/contracts';
import { ApiError } from '../api-error';

/**
 * The browser's API client (client components only, through the write helper, mutate.ts): every
 * call goes to the public API address with cookies. The session is the API's httpOnly
 * `auth_token` cookie alone; no Authorization header is ever sent, so no script needs (or can
 * steal) the session's token. This needs the API on the same site as the storefront (README,
 * "Browser sessions and where the API lives").
 */
export type BrowserApiOptions = {
  baseUrl: string;
  /** Called on a 401 answer of any call that does not take 4xx answers itself (behaviour.md §4 Session expiry). */
  onUnauthorized: () => void;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (the browser sets its content type and boundary). */
  form?: FormData;
  /**
   * behaviour.md §7: login and register treat statuses 200 to 499 as answers for the caller, so a wrong
   * password is an answer, not a session expiry.
   */
  answersBelow500?: boolean;
  /** Further request headers, e.g. the `Idempotency-Key` of POST /orders. */
  headers?: Record<string, string>;
  timeoutMs?: number;
};

/** An answer of the API: its status and the parts of the `{ success, message, data }` envelope. */
export type ApiAnswer<T> = { status: number; ok: boolean; message: string | undefined; data: T | undefined };

/** A file the API answered with (an invoice PDF): its bytes and the name it offers. */
export type Download = { blob: Blob; filename: string | null };

export type BrowserApi = {
  request<T>(path: string, options?: RequestOptions): Promise<ApiAnswer<T>>;
  /**
   * A multipart POST through XMLHttpRequest, whose `upload.onprogress` tells how much of the
   * body has gone (fetch cannot): `onProgress` gets the fraction sent, 0 to 1.
   */
  upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<ApiAnswer<T>>;
  /** A GET answered with a file rather than JSON; a JSON error answer throws like `request`. */
  download(path: string): Promise<Download>;
};

const DEFAULT_TIMEOUT_MS = 15_000;
/** Photos and videos of a return may take a while on a slow mobile connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The filename of a `Content-Disposition: attachment; filename="…"` header, or null. */
export function filenameOf(contentDisposition: string | null): string | null {
  const match = contentDisposition?.match(/filename="?([^";]+)"?/i);
  return match?.[1] ?? null;
}

/**
 * Whether an error answer's message says nothing about the call: none at all, or the API's own
 * generic text of an unexpected failure (a 500). The caller's behaviour.md §8 text then comes first.
 */
function isGenericMessage(message: string | undefined): boolean {
  return message === undefined || message === GENERIC_MESSAGES.fallback;
}

function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * Builds the client. A call that fails answers with an ApiError carrying the server's message
 * (other errors pass to the caller unchanged, behaviour.md §8), or the §8 text for a refused connection or
 * a timeout (status 0).
 */
export function createBrowserApi({ baseUrl, onUnauthorized }: BrowserApiOptions): BrowserApi {
  /** Reads the envelope of an answer; a failure throws the ApiError `request` would. */
  const settle = <T>(status: number, okStatus: boolean, body: unknown): ApiAnswer<T> => {
    const envelope = body as { success?: unknown; message?: unknown; data?: T } | null;
    const answer: ApiAnswer<T> = {
      status,
      ok: okStatus && envelope?.success === true,
      message: typeof envelope?.message === 'string' && envelope.message ? envelope.message : undefined,
      data: envelope?.data,
    };
    if (answer.ok) return answer;
    if (status === 401) onUnauthorized();
    throw new ApiError(status, answer.message ?? GENERIC_MESSAGES.fallback, isGenericMessage(answer.message));
  };
  return {
    upload<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<ApiAnswer<T>> {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${baseUrl}${path}`);
        xhr.withCredentials = true;
        xhr.timeout = UPLOAD_TIMEOUT_MS;
        xhr.setRequestHeader('accept', 'application/json');
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          let body: unknown = null;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            // Not JSON (a proxy's error page): the status decides.
          }
          try {
            resolve(settle<T>(xhr.status, xhr.status >= 200 && xhr.status < 300, body));
          } catch (error) {
            reject(error);
          }
        };
        xhr.onerror = () => reject(new ApiError(0, AUTH_MESSAGES.connectionRefused));
        xhr.ontimeout = () => reject(new ApiError(0, AUTH_MESSAGES.timeout));
        xhr.send(form);
      });
    },
    async download(path: string): Promise<Download> {
      let res: Response;
      try {
        res = await fetch(`${baseUrl}${path}`, {
          credentials: 'include',
          signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new ApiError(0, isTimeout(error) ? AUTH_MESSAGES.timeout : AUTH_MESSAGES.connectionRefused);
      }
      if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
        settle(res.status, false, await res.json().catch(() => null));
      }
      return { blob: await res.blob(), filename: filenameOf(res.headers.get('content-disposition')) };
    },
    async request<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
      const { method = 'GET', json, form, answersBelow500 = false, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
      const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
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
      throw new ApiError(res.status, answer.message ?? GENERIC_MESSAGES.fallback, isGenericMessage(answer.message));
    },
  };
}
