/**
 * The Shiprocket API (apiv2.shiprocket.in/v1/external) as the tracker, the serviceability
 * check, the booking and the NDR actions use it: POST /auth/login {email, password} → {token} (valid 10 days;
 * kept 9 and renewed early, or at once when an answer is 401), then GETs and JSON POSTs with
 * `Authorization: Bearer <token>`. One client per app, so all share one token.
 */
import { z } from 'zod';

const TOKEN_TTL_MS = 9 * 24 * 60 * 60 * 1000;
const TIMEOUT_MS = 8000;

const loginAnswer = z.object({ token: z.string().min(1) });

export type ShiprocketCredentials = { baseUrl: string; email: string; password: string };

class Unauthorized extends Error {}

/** Shiprocket answered a non-2xx status: `status` and its own `message` (when it sent one). */
export class ShiprocketError extends Error {
  constructor(
    readonly status: number,
    readonly path: string,
    readonly reason: string | null,
  ) {
    super(`Shiprocket ${path} answered ${status}${reason ? `: ${reason}` : ''}`);
  }
}

const errorAnswer = z.object({ message: z.string() }).partial();

export class ShiprocketClient {
  private token: { value: string; expiresAt: number } | null = null;
  /** One login at a time: requests arriving during a login wait for it. */
  private login: Promise<string> | null = null;

  constructor(private readonly credentials: ShiprocketCredentials) {}

  /**
   * GET `path` (with its query) read as `answer`; logs in again once when the token was
   * refused. Throws on a refused login, a non-2xx answer, a timeout or an unreadable body.
   */
  async get<T extends z.ZodType>(path: string, answer: T): Promise<z.infer<T>> {
    return this.withLogin(() => this.fetchJson(path, answer));
  }

  /**
   * POST `body` as JSON to `path`, the answer read as `answer`; logs in again once when the
   * token was refused. Throws ShiprocketError on a non-2xx answer (with Shiprocket's message),
   * and on a refused login, a timeout or an unreadable body.
   */
  async post<T extends z.ZodType>(path: string, body: object, answer: T): Promise<z.infer<T>> {
    return this.withLogin(() => this.fetchJson(path, answer, body));
  }

  private async withLogin<R>(call: () => Promise<R>): Promise<R> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof Unauthorized)) throw err;
      // The token expired early or was revoked: log in again once.
      this.token = null;
      return call();
    }
  }

  private async fetchJson<T extends z.ZodType>(path: string, answer: T, body?: object): Promise<z.infer<T>> {
    const token = await this.currentToken();
    const res = await fetch(`${this.credentials.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 401) throw new Unauthorized();
    if (!res.ok) {
      const reason = errorAnswer.safeParse(await res.json().catch(() => null)).data?.message ?? null;
      throw new ShiprocketError(res.status, path.split('?')[0]!, reason);
    }
    // An empty 2xx body (a 204) reads as null.
    const text = await res.text();
    return answer.parse(text ? JSON.parse(text) : null);
  }

  private async currentToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.login ??= this.logIn().finally(() => {
      this.login = null;
    });
    return this.login;
  }

  private async logIn(): Promise<string> {
    const res = await fetch(`${this.credentials.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: this.credentials.email, password: this.credentials.password }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Shiprocket login answered ${res.status}`);
    const { token } = loginAnswer.parse(await res.json());
    this.token = { value: token, expiresAt: Date.now() + TOKEN_TTL_MS };
    return token;
  }
}
