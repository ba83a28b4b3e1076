/**
 * Limits on password logins, after rate-limiter-flexible's "login endpoint protection":
 * failed logins are counted per (email, client address), per client address, and per email
 * under a much looser ceiling. A stranger's wrong guesses from one address thus lock out that
 * address, not the account holder logging in from another, while guessing one password from
 * many addresses still meets the ceiling. Counters live in Redis when REDIS_URL is set (every
 * API instance shares them), else in this process's memory.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequestsError, UnauthorizedError } from '../../lib/errors';

const MINUTE = 60_000;

/** Failed logins allowed per window (`timeWindow` in ms), by what they are counted against. */
export const LOGIN_LIMITS = {
  /** One email from one client address: the lock a stranger's guesses run into. */
  emailAndIp: { max: 10, timeWindow: 15 * MINUTE },
  /** One client address, whatever the emails: one machine trying many accounts. */
  ip: { max: 30, timeWindow: 15 * MINUTE },
  /** One email from any addresses: guessing spread over many machines. */
  email: { max: 100, timeWindow: 15 * MINUTE },
} as const;

type Counter = { limiter: RateLimiterAbstract; key: string };

/** A consume refused for being over the limit (rather than failing in the store). */
const isLimit = (outcome: PromiseSettledResult<unknown>) =>
  outcome.status === 'rejected' && outcome.reason instanceof RateLimiterRes;

export class LoginThrottle {
  private readonly byEmailAndIp: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;
  private readonly byEmail: RateLimiterAbstract;

  constructor(redis?: Redis) {
    const limiter = (name: keyof typeof LOGIN_LIMITS): RateLimiterAbstract => {
      const { max, timeWindow } = LOGIN_LIMITS[name];
      const options = { keyPrefix: `auth:login:${name}`, points: max, duration: timeWindow / 1000 };
      if (!redis) return new RateLimiterMemory(options);
      // A Redis outage falls back to counting in this process: neither every guess let through nor every login refused.
      return new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) });
    };
    this.byEmailAndIp = limiter('emailAndIp');
    this.byIp = limiter('ip');
    this.byEmail = limiter('email');
  }

  /**
   * Runs one login attempt for `email` from client address `ip` under the limits. The attempt
   * is counted before it runs, so a burst of parallel guesses is counted in full, and given
   * back unless `login` throws UnauthorizedError (wrong credentials); a success also clears
   * the failures of this email from this address. Throws TooManyRequestsError (with the
   * seconds until the limit lifts) without running `login` when a limit is reached.
   */
  async attempt<T>(email: string, ip: string, login: () => Promise<T>): Promise<T> {
    const account = email.trim().toLowerCase();
    const pair: Counter = { limiter: this.byEmailAndIp, key: `${account}|${ip}` };
    const counters: Counter[] = [pair, { limiter: this.byIp, key: ip }, { limiter: this.byEmail, key: account }];
    await this.take(counters);
    let result: T;
    try {
      result = await login();
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) await this.giveBack(counters);
      throw err;
    }
    await Promise.all([this.giveBack(counters.filter((c) => c !== pair)), pair.limiter.delete(pair.key)]);
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
