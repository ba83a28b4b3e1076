/**
 * The background jobs interface (docs/architecture.md "Providers"): named jobs with a handler
 * each, sent with a JSON payload, retried with backoff, some recurring. Two backends: pg-boss on
 * PostgreSQL (jobs survive restarts and are shared by every instance) and an in-process queue on
 * the embedded database. A payload is stored in the database on PostgreSQL: ids only, never a
 * one-time code, password or token (work that needs one runs with `later`, in memory).
 */

/** What became of a job; the names are pg-boss's. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'failed' | 'cancelled';

/** One job as the admin's job history shows it (times ISO 8601). */
export type JobRecord = {
  id: string;
  name: string;
  state: JobState;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** Attempts after the first. */
  retryCount: number;
  /** The last failure's message (no payload, no stack), or null. */
  error: string | null;
};

export type RetryOptions = {
  /** Attempts after the first one fails. */
  retryLimit: number;
  /** Wait before the first retry, in ms (pg-boss counts whole seconds, at least 1). */
  retryDelayMs: number;
  /** Double the wait at each retry (with some jitter on pg-boss). */
  backoff: boolean;
};

export type SendOptions = {
  /** With `singletonMs`: at most one job of this name and key per time slot of that length (ms). */
  singletonKey?: string;
  singletonMs?: number;
};

/** Runs one job; a rejection is a failed attempt (retried while retries are left). */
export type JobHandler<P> = (payload: P) => Promise<void>;

export interface Jobs {
  readonly kind: 'pg-boss' | 'in-process';
  /**
   * Registers the handler of job `name` (before `start`). Only an instance that works jobs
   * (JOBS_WORK) runs it; every instance can send.
   */
  work<P extends object>(name: string, handler: JobHandler<P>, options?: Partial<RetryOptions>): void;
  /**
   * Queues a job; resolves with its id, or null when a singleton of the same slot exists.
   * The payload is stored on PostgreSQL: ids only (see the file's comment).
   */
  send<P extends object>(name: string, payload: P, options?: SendOptions): Promise<string | null>;
  /**
   * Runs job `name` (registered with `work`) every `everyMs` ms, at start and then once per
   * period across all instances (one job per time slot). 0 = never.
   */
  schedule(name: string, everyMs: number): void;
  /**
   * Runs `task` in this process after the current answer, retried like a job and listed in the
   * history as `name`, never stored: for work holding a secret (a one-time code, an invitation
   * token). A task that fails every attempt is logged with `context` (ids only).
   */
  later(name: string, context: Record<string, unknown>, task: () => Promise<void>): void;
  /** Creates the queues and starts the workers and the recurring timers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running handlers (and `later` tasks) to end. */
  stop(): Promise<void>;
  /** Resolves when nothing is queued, waiting to retry or running (tests; polls on PostgreSQL). */
  idle(): Promise<void>;
  /** Jobs queued, waiting to retry or running right now (all instances on PostgreSQL): a gauge for /metrics. */
  depth(): Promise<number>;
  /** The latest jobs, newest first, at most `limit`. */
  recent(limit: number): Promise<JobRecord[]>;
}

/** The retry settings jobs get unless their `work` says otherwise (JOBS_* settings). */
export type JobsSettings = RetryOptions & {
  /** Whether this instance runs handlers (JOBS_WORK); false: it only sends. */
  work: boolean;
  /** How often a pg-boss worker asks for jobs, in ms (at least 500). */
  pollMs: number;
};

const ID_KEY = /Id$/;

/** The ids of a payload (keys ending in `Id`), for log lines that must not carry anything else. */
export function idsOf(payload: unknown): Record<string, unknown> {
  if (!payload || typeof payload !== 'object') return {};
  return Object.fromEntries(Object.entries(payload).filter(([key]) => ID_KEY.test(key)));
}

/** The wait before retry number `retry` (1-based), in ms. */
export function retryWaitMs(options: RetryOptions, retry: number): number {
  return options.backoff ? options.retryDelayMs * 2 ** (retry - 1) : options.retryDelayMs;
}
