/**
 * The in-process jobs backend (lib/jobs/types.ts): for the embedded database, which one process
 * owns. A p-queue runs a few jobs at a time; a failed attempt waits (doubling with backoff) and
 * goes back in the queue; recurring jobs run on unref'd timers. Nothing survives the process;
 * the job history is the latest HISTORY_LENGTH jobs in memory. The pg-boss backend runs its
 * `later` tasks here too.
 */
import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import {
  idsOf,
  retryWaitMs,
  type JobHandler,
  type JobRecord,
  type Jobs,
  type JobsSettings,
  type RetryOptions,
  type SendOptions,
} from './types';

/** How many jobs run at once; more wait their turn (an SMTP server takes a few connections at a time). */
const CONCURRENCY = 4;
/** Jobs kept for the admin's job history. */
const HISTORY_LENGTH = 200;

type Log = { error(obj: object, msg: string): void };

type Entry = { record: JobRecord; singleton: string | null; task: () => Promise<void>; retry: RetryOptions };

/** The message of a failure, short and without a stack (payload values never reach it). */
export function failureMessage(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

export class InProcessJobs implements Jobs {
  readonly kind = 'in-process';
  private readonly queue = new PQueue({ concurrency: CONCURRENCY });
  private readonly handlers = new Map<string, { handler: JobHandler<object>; retry: RetryOptions }>();
  private readonly schedules = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Failed attempts waiting for their retry. */
  private readonly retries = new Map<NodeJS.Timeout, { entry: Entry; context: Record<string, unknown> }>();
  private readonly history: JobRecord[] = [];
  /** Singleton keys of jobs not yet ended, and of the latest slot sent per key. */
  private readonly singletons = new Set<string>();
  private readonly slots = new Map<string, number>();
  private outstanding = 0;
  private waiters: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly settings: JobsSettings,
    private readonly log: Log,
  ) {}

  work<P extends object>(name: string, handler: JobHandler<P>, options: Partial<RetryOptions> = {}): void {
    this.handlers.set(name, { handler: handler as JobHandler<object>, retry: { ...this.settings, ...options } });
  }

  async send<P extends object>(name: string, payload: P, options: SendOptions = {}): Promise<string | null> {
    const registered = this.handlers.get(name);
    if (!registered) throw new Error(`no handler for job ${name}`);
    let singleton: string | null = null;
    if (options.singletonKey !== undefined) {
      singleton = `${name}\u0000${options.singletonKey}`;
      if (options.singletonMs) {
        const slot = Math.floor(Date.now() / options.singletonMs);
        if (this.slots.get(singleton) === slot) return null;
        this.slots.set(singleton, slot);
      }
      if (this.singletons.has(singleton)) return null;
      this.singletons.add(singleton);
    }
    const context = idsOf(payload);
    return this.enqueue(name, () => registered.handler(payload), registered.retry, context, singleton);
  }

  schedule(name: string, everyMs: number): void {
    if (everyMs > 0) this.schedules.set(name, everyMs);
  }

  later(name: string, context: Record<string, unknown>, task: () => Promise<void>): void {
    void this.enqueue(name, task, this.settings, context, null);
  }

  async start(): Promise<void> {
    if (!this.settings.work) return;
    for (const [name, everyMs] of this.schedules) {
      const run = () => void this.send(name, {}, { singletonKey: name }).catch(() => {});
      run();
      this.timers.add(setInterval(run, everyMs).unref());
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    // A retry still waiting would outlive the process: it ends as cancelled, logged with its ids.
    for (const [timer, { entry, context }] of this.retries) {
      clearTimeout(timer);
      entry.record.state = 'cancelled';
      this.log.error({ job: entry.record.name, jobId: entry.record.id, ...context }, 'job retry dropped at stop');
      this.end(entry);
    }
    this.retries.clear();
    await this.queue.onIdle();
  }

  idle(): Promise<void> {
    if (this.outstanding === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async depth(): Promise<number> {
    return this.outstanding;
  }

  async recent(limit: number): Promise<JobRecord[]> {
    return this.history.slice(0, limit).map((r) => ({ ...r }));
  }

  private enqueue(
    name: string,
    task: () => Promise<void>,
    retry: RetryOptions,
    context: Record<string, unknown>,
    singleton: string | null,
  ): string {
    const record: JobRecord = {
      id: randomUUID(),
      name,
      state: 'created',
      createdAt: new Date().toISOString(),
      startedAt: null,
      completedAt: null,
      retryCount: 0,
      error: null,
    };
    this.history.unshift(record);
    if (this.history.length > HISTORY_LENGTH) this.history.pop();
    this.outstanding++;
    this.attempt({ record, singleton, task, retry }, context);
    return record.id;
  }

  private attempt(entry: Entry, context: Record<string, unknown>): void {
    const { record } = entry;
    // Bound: a job started by another's end would otherwise log in that one's request context.
    const run = AsyncResource.bind(async () => {
      // setImmediate: the request that sent the job answers before the job begins.
      await new Promise<void>((resolve) => setImmediate(resolve));
      record.state = 'active';
      record.startedAt = new Date().toISOString();
      try {
        await entry.task();
        record.state = 'completed';
        this.end(entry);
      } catch (err) {
        record.error = failureMessage(err);
        if (record.retryCount < entry.retry.retryLimit && !this.stopped) {
          record.state = 'retry';
          record.retryCount++;
          const timer = setTimeout(
            () => {
              this.retries.delete(timer);
              this.attempt(entry, context);
            },
            retryWaitMs(entry.retry, record.retryCount),
          );
          this.retries.set(timer, { entry, context });
          return;
        }
        record.state = 'failed';
        this.log.error({ err, job: record.name, jobId: record.id, ...context }, 'job failed after its retries');
        this.end(entry);
      } finally {
        if (record.state !== 'retry') record.completedAt = new Date().toISOString();
      }
    });
    void this.queue.add(run);
  }

  private end(entry: Entry): void {
    if (entry.singleton) this.singletons.delete(entry.singleton);
    this.outstanding--;
    if (this.outstanding > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
