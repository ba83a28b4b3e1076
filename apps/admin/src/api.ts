/**
 * The fetch core under the admin app's client (client.ts, one function per call) of the admin
 * API (`/admin/api/*`, same origin): the staff session travels in its httpOnly cookie, never in
 * script-readable storage. Answers are the API's envelope `{ success, message?, data }`; a
 * failure throws ApiError with the API's message and status (react-admin shows the message and
 * signs out on 401).
 */
import { ADMIN_API_PREFIX, formatPrice, paiseToRupees } from '@vastra/contracts';
import { HttpError } from 'react-admin';
import type { z } from 'zod';

export class ApiError extends HttpError {}

type Init = { method?: string; body?: unknown };

/** Calls `path` under /admin/api with a JSON body when given; throws ApiError when the API refuses. */
async function call(path: string, init: Init): Promise<unknown> {
  const res = await fetch(`${ADMIN_API_PREFIX}${path}`, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const message = (body as { message?: unknown }).message;
    throw new ApiError(
      typeof message === 'string' ? message : `The admin API answered ${res.status}`,
      res.status,
      body,
    );
  }
  return body;
}

/**
 * Calls `path` and returns the envelope's `data` parsed with `schema` (the contract's). An
 * answer that does not match is an ApiError naming the path: the app and the API disagree.
 */
export async function request<S extends z.ZodType>(schema: S, path: string, init: Init = {}): Promise<z.output<S>> {
  const body = await call(path, init);
  const parsed = schema.safeParse(typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined);
  if (!parsed.success) throw new ApiError(`The admin API's answer to ${path} was not understood`, 502, parsed.error);
  return parsed.data;
}

/** Calls `path` for an answer without data (`{ success, message }`). */
export async function send(path: string, init: Init = {}): Promise<void> {
  await call(path, init);
}

/** A query string of the defined, non-empty values. */
export function query(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Paise as the store writes prices: 149900 → "₹ 1,499". */
export function rupees(paise: number): string {
  return formatPrice(paiseToRupees(paise));
}

const IST: Intl.DateTimeFormatOptions = { timeZone: 'Asia/Kolkata' };

/** An instant as the store's staff read it: Indian time, Indian order ("26/11/2026, 9:07 am"). */
export function istDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { ...IST, dateStyle: 'short', timeStyle: 'short' });
}

/** The Indian date of an instant ("26/11/2026"). */
export function istDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', IST);
}

/** Props for react-admin's DateField so lists show Indian dates and times whatever the browser's locale. */
export const IST_DATE_FIELD = {
  showTime: true,
  locales: 'en-IN',
  options: { ...IST, dateStyle: 'short', timeStyle: 'short' },
} as const;
