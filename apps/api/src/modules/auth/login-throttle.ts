/**
 * Limits on password logins (behaviour.md §15, docs/admin.md "Sign-in limits"), after
 * rate-limiter-flexible's "login endpoint protection" and OWASP's "Slow Down Online Guessing
 * Attacks with Device Cookies". A browser that signed in to the account before shows its device
 * cookie (device-cookie.ts) and its failures count against that device alone, so strangers
 * guessing from elsewhere never lock the owner out. Every other client is counted per (email,
 * client address), per client address, and under one ceiling per email shared by all of them:
 * guessing one password from many addresses meets it. Wrong second-factor codes have their own
 * ceiling per account, device cookie or not. Counters live in Redis when REDIS_URL is set
 * (every API instance shares them), else in this process's memory.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';

const MINUTE = 60_000;

/** Failed logins allowed per window (`timeWindow` in ms), by what they are counted against. */
export const LOGIN_LIMITS = {
  /** One email from one client address without the device cookie: the lock a stranger's guesses run into. */
  emailAndIp: { max: 10, timeWindow: 15 * MINUTE },
  /** One client address without the device cookie, whatever the emails: one machine trying many accounts. */
  ip: { max: 30, timeWindow: 15 * MINUTE },
  /** One email from every client without its device cookie: guessing spread over many machines. */
  email: { max: 20, timeWindow: 15 * MINUTE },
  /** One browser showing the account's device cookie: its own count, untouched by anyone else's guesses. */
  device: { max: 10, timeWindow: 15 * MINUTE },
  /** Wrong second-factor codes of one account from anywhere, device cookie or not. */
  code: { max: 10, timeWindow: 60 * MINUTE },
} as const;

/**
 * Who is trying to log in: the client address (request.ip, which honours TRUST_PROXY) and the
 * device id of a valid device cookie for the account being tried (DeviceCookies.deviceOf), or null.
 */
export type LoginClient = { ip: string; device: string | null };

/** The account an email names, as the counters and device cookies key it. */
export const loginAccount = (email: string) => email.trim().toLowerCase();

type Counter = { limiter: RateLimiterAbstract; key: string };

/** A consume refused for being over the limit (rather than failing in the store). */
const isLimit = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected' && outcome.reason instanceof RateLimiterRes;

export class LoginThrottle {
  private readonly limiters: Record<keyof typeof LOGIN_LIMITS, RateLimiterAbstract>;

  /** `scope` keeps apart the counters of logins that share emails or addresses (shoppers, staff). */
  constructor(redis?: Redis, scope = 'shopper') {
    const limiter = (name: keyof typeof LOGIN_LIMITS): RateLimiterAbstract => {
      const { max, timeWindow } = LOGIN_LIMITS[name];
      const options = { keyPrefix: `auth:login:${scope}:${name}`, points: max, duration: timeWindow / 1000 };
      if (!redis) return new RateLimiterMemory(options);
      // A Redis outage falls back to counting in this process: neither every guess let through nor every login refused.
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    };
    const names = Object.keys(LOGIN_LIMITS) as (keyof typeof LOGIN_LIMITS)[];
    this.limiters = Object.fromEntries(names.map((name) => [name, limiter(name)])) as LoginThrottle['limiters'];
  }

  /**
   * Runs one login attempt for `email` by `client` under the limits: a client with the
   * account's device cookie against its device's count only, any other against the counts of
   * (email, address), address and email. The attempt is counted before it runs, so a burst of
   * parallel guesses is counted in full, and given back unless `login` throws
   * UnauthorizedError (wrong credentials); a success also clears the failures of this email
   * from this address (or of this device). Throws TooManyRequestsError (with the seconds until
   * the limit lifts) without running `login` when a limit is reached.
   */
  async attempt<T>(email: string, client: LoginClient, login: () => Promise<T>): Promise<T> {
    const account = loginAccount(email);
    if (client.device) {
      const device: Counter = { limiter: this.limiters.device, key: client.device };
      return this.run([device], device, login);
    }
    const pair: Counter = { limiter: this.limiters.emailAndIp, key: `${account}|${client.ip}` };
    const counters: Counter[] = [
      pair,
      { limiter: this.limiters.ip, key: client.ip },
      { limiter: this.limiters.email, key: account },
    ];
    return this.run(counters, pair, login);
  }

  /**
   * Runs one check of a second-factor code of `account` (an id) under LOGIN_LIMITS.code,
   * counted like a login attempt: a wrong code (UnauthorizedError from `check`) stays counted,
   * whatever the address or device. Throws TooManyRequestsError without running `check` when
   * the limit is reached.
   */
  async attemptCode<T>(account: string, check: () => Promise<T>): Promise<T> {
    return this.run([{ limiter: this.limiters.code, key: account }], null, check);
  }

  /** Takes one point of every counter, runs `fn`, keeps the points only when it failed; success clears `cleared`. */
  private async run<T>(counters: Counter[], cleared: Counter | null, fn: () => Promise<T>): Promise<T> {
    await this.take(counters);
    let result: T;
    try {
      result = await fn();
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) await this.giveBack(counters);
      throw err;
    }
    await Promise.all([
      this.giveBack(counters.filter((c) => c !== cleared)),
      cleared ? cleared.limiter.delete(cleared.key) : undefined,
    ]);
    return result;
  }

  /**
   * Counts one attempt on every counter, or none: a refused attempt is given back everywhere,
   * so a stranger hammering one address at the limit never uses up the email's ceiling.
   */
  private async take(counters: Counter[]): Promise<void> {
    const outcomes = await Promise.allSettled(counters.map(({ limiter, key }) => limiter.consume(key)));
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    if (refused.length === 0) return;
    // Only what was counted is given back: a store error counted nothing.
    await this.giveBack(counters.filter((_, i) => outcomes[i]!.status === 'fulfilled' || isLimit(outcomes[i]!)));
    const failure = refused.find((reason) => !(reason instanceof RateLimiterRes));
    if (failure) throw failure;
    const waitMs = Math.max(...(refused as RateLimiterRes[]).map((r) => r.msBeforeNext));
    throw new TooManyRequestsError(AUTH_MESSAGES.tooManyRequests, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  private async giveBack(counters: Counter[]): Promise<void> {
    await Promise.all(counters.map(({ limiter, key }) => limiter.reward(key)));
  }
}
