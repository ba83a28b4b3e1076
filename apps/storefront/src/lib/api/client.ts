import 'server-only';
import { GENERIC_MESSAGES, type Envelope } from '@vastra/contracts';
import { connection } from 'next/server';
import { ApiError } from '@/lib/api/api-error';
import { getConfig } from '@/lib/config';

/** The part of a zod schema used here (the contracts' schemas), without depending on zod. */
export type Contract<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
};

export type ApiGetOptions = {
  /** Seconds the answer may be served from Next's data cache. 0 = always fresh. */
  revalidate: number;
  /** Cache tags, so a later action can revalidate what it changed. */
  tags?: string[];
  /** The spec's message (§8) when the API gives none. */
  fallbackMessage?: string;
  timeoutMs?: number;
};

type Query = Record<string, string | number | boolean | undefined | null>;

/** Builds `?a=1&b=x` from defined, non-empty values. */
export function toQueryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `?${qs}` : '';
}

/**
 * GET an API path and unwrap the `{ success, data }` envelope. The only place the server
 * talks to the API; every call names its cache lifetime.
 */
export async function apiGet(path: string, options: ApiGetOptions): Promise<Record<string, unknown>> {
  // Never during `next build`: whatever calls the API renders at request time.
  await connection();
  const url = `${getConfig().apiUrl}${path}`;
  const fallback = options.fallbackMessage ?? GENERIC_MESSAGES.fallback;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json' },
      ...(options.revalidate > 0
        ? { next: { revalidate: options.revalidate, tags: options.tags } }
        : { cache: 'no-store' as const }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (error) {
    console.error(`API unreachable: GET ${url}`, error instanceof Error ? error.message : error);
    throw new ApiError(0, fallback);
  }
  const body = (await res.json().catch(() => null)) as (Envelope<unknown> & { message?: string }) | null;
  if (!res.ok || !body || body.success !== true) {
    throw new ApiError(res.status, body?.message || fallback);
  }
  return (body.data ?? {}) as Record<string, unknown>;
}

/**
 * Checks a part of an answer against its contract. A mismatch is logged and the value used
 * as it is: a new or missing optional field must not take the shop down.
 */
export function checked<T>(contract: Contract<T>, value: unknown, label: string): T {
  const parsed = contract.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`API answer ${label} does not match the contract:`, JSON.stringify(parsed.error.issues.slice(0, 3)));
  return value as T;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
