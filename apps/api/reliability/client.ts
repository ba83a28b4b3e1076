/**
 * The suite's HTTP client: one call with a deadline that never throws (a network failure or a
 * timeout is status 0 with the reason), shoppers registered through the API, and the order
 * body the scenarios place. Each shopper sends its own X-Forwarded-For address, as if many
 * clients stood behind nginx, so per-address limits count per shopper (the suite's loopback
 * address is a trusted proxy hop: TRUST_PROXY=127.0.0.1).
 */
import { randomBytes } from 'node:crypto';
import { BENGALURU_ADDRESS } from '../src/test/orders';

/** One answer: HTTP status (0 = no answer: `error` says why), parsed JSON body when there was one, time in ms. */
export type Answer = {
  status: number;
  /** The JSON body as JSON.parse gives it (read field by field), null when there was none. */
  body: ReturnType<typeof JSON.parse>;
  text: string;
  ms: number;
  error?: string;
};

export type CallOptions = {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (with your content-type in `headers`). */
  body?: string | Buffer | FormData;
  headers?: Record<string, string>;
  /** The client address nginx passes on in X-Forwarded-For. */
  ip?: string;
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 15_000;

/** `method path` on `base`; resolves with the answer whatever happens (status 0 on no answer). */
export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] ??= 'application/json';
  }
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // HTML pages and files are answers too.
    }
    return { status: res.status, body: parsed, text, ms: performance.now() - started };
  } catch (err) {
    const error = (err as Error).name === 'TimeoutError' ? 'timeout' : String((err as Error).cause ?? err);
    return { status: 0, body: null, text: '', ms: performance.now() - started, error };
  }
}

let ipCounter = 0;

/** A client address no other shopper of this run has (10.x.y.z). */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export type Shopper = { email: string; password: string; token: string; userId: string; ip: string };

/** Registers a shopper through POST /auth/register at `base`; throws unless it answers 201. */
export async function registerShopper(base: string, label = 'shopper'): Promise<Shopper> {
  const email = `${label}.${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse 1';
  const ip = freshIp();
  const res = await call(base, 'POST', '/auth/register', { ip, json: { name: 'Asha Rao', email, password } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text.slice(0, 300)}`);
  return { email, password, ip, token: res.body.data.token, userId: res.body.data.user.id };
}

/** Calls as `shopper` (their token and address). */
export const as = (shopper: Shopper, opts: CallOptions = {}): CallOptions => ({
  ...opts,
  token: shopper.token,
  ip: shopper.ip,
});

export type Line = { productId: string; variantId: string; quantity: number };

/** A POST /orders body: `lines` to Bengaluru, paid by `paymentMethod`, with optional codes. */
export function orderBody(
  lines: Line[],
  paymentMethod: 'cod' | 'phonepe' = 'cod',
  codes: { coupon?: string; giftCard?: string } = {},
) {
  return {
    items: lines,
    shippingAddress: BENGALURU_ADDRESS,
    paymentMethod,
    coupon: codes.coupon ?? null,
    additionalCoupon: codes.giftCard ?? null,
  };
}

/** Runs `task(i)` for i in 0..count-1, at most `concurrency` at a time; results in index order. */
export async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/** Counts of each status, e.g. `201×5, 409×45`. */
export function statusCounts(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(', ');
}
