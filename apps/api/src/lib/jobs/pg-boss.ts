/**
 * The PostgreSQL jobs backend (lib/jobs/types.ts) on pg-boss, which keeps its tables in the
 * `pgboss` schema of the store's database (installed by `start`, under pg-boss's own lock, so
 * instances starting together install it once) and shares the app's connection pool. Jobs
 * survive restarts and any instance that works jobs (JOBS_WORK) takes them.
 *
 * Recurring jobs are not pg-boss cron schedules (minute resolution, and periods in minutes that
 * need not divide an hour): every working instance sends the job twice a period with a
 * singleton slot of the period's length, and pg-boss keeps one job per slot, so each period
 * runs once across instances.
 *
 * The workers are ours, not `boss.work`: pg-boss's worker marks a job done or failed without
 * awaiting it, so a database blip at that moment was an unhandled rejection that ended the
 * process. Ours fetch with `boss.fetch`, run the handler, and await `boss.complete`/`boss.fail`,
 * trying again while the database is away (ENDING_RETRY_MS) for as long as the job is still this
 * run's; a job whose end could not be stored stays active until pg-boss expires it and retries it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { failureMessage, InProcessJobs } from './in-process';
import {
  idsOf,
  type JobHandler,
  type JobRecord,
  type Jobs,
  type JobsSettings,
  type JobState,
  type RetryOptions,
  type SendOptions,
} from './types';

const SCHEMA = 'pgboss';
/** How long `stop()` waits between looks at pg-boss's queries still out, in ms. */
const STOP_POLL_MS = 50;
/** The longest `stop()` waits for the running handlers, then for pg-boss's queries, in ms (pg-boss's own grace). */
const STOP_WAIT_MS = 30_000;
/** How long `idle()` waits between looks at the queue, in ms. */
const IDLE_POLL_MS = 100;
/** The waits before each new try at storing a job's end while the database is away, in ms (about 15 s in all). */
const ENDING_RETRY_MS = [200, 500, 1000, 2000, 4000, 8000];

type Log = { error(obj: object, msg: string): void };
type FetchedJob = {
  id: string;
  data: object;
  retryCount: number;
  retryLimit: number;
  startedOn: Date;
  expireInSeconds: number;
};
/** What pg-boss and queue creation need of a connection pool: pg's `Pool` fits. */
export type SqlPool = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  connect(): Promise<{ query(text: string, values?: unknown[]): Promise<unknown>; release(): void }>;
};

/**
 * The advisory lock instances start pg-boss under, one at a time: on a new database, two
 * installing its schema at once can collide on the schema's name, and two creating queues at
 * once (each attaches a partition to pgboss.job) deadlock.
 */
const START_LOCK = 7_236_116_198_541_024;

const seconds = (ms: number) => (ms > 0 ? Math.max(1, Math.round(ms / 1000)) : 0);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export class PgBossJobs implements Jobs {
  readonly kind = 'pg-boss';
  private readonly boss: PgBoss;
  /** `later` tasks: in memory, never stored. */
  private readonly local: InProcessJobs;
  private readonly handlers = new Map<string, { handler: JobHandler<object>; retry: RetryOptions }>();
  private readonly schedules = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private started = false;
  /** Set once stopped: the app closes the pool next (see the constructor's `executeSql`). */
  private stopped = false;
  /** Set by stop(): the workers take no new job. */
  private stopping = false;
  /** The workers' loops, which stop() waits for, and how to cut short their wait between polls. */
  private readonly workers: Promise<void>[] = [];
  private readonly pauses = new Set<AbortController>();
  /** pg-boss queries not yet answered, which stop() waits for. */
  private readonly queries = new Set<Promise<unknown>>();

  constructor(
    private readonly pool: SqlPool,
    private readonly settings: JobsSettings,
    private readonly log: Log,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => this.query(text, values) },
      schema: SCHEMA,
      // No cron clock: recurring jobs are singleton slots (the file's comment).
      schedule: false,
    });
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    this.local = new InProcessJobs(settings, log);
  }

  work<P extends object>(name: string, handler: JobHandler<P>, options: Partial<RetryOptions> = {}): void {
    this.handlers.set(name, { handler: handler as JobHandler<object>, retry: { ...this.settings, ...options } });
  }

  async send<P extends object>(name: string, payload: P, options: SendOptions = {}): Promise<string | null> {
    const retry = this.handlers.get(name)?.retry ?? this.settings;
    return this.boss.send(name, payload, {
      retryLimit: retry.retryLimit,
      retryDelay: seconds(retry.retryDelayMs),
      retryBackoff: retry.backoff,
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonMs ? { singletonSeconds: seconds(options.singletonMs) } : {}),
    });
  }

  schedule(name: string, everyMs: number): void {
    if (everyMs > 0) this.schedules.set(name, everyMs);
  }

  later(name: string, context: Record<string, unknown>, task: () => Promise<void>): void {
    this.local.later(name, context, task);
  }

  async start(): Promise<void> {
    await this.installInTurn();
    await this.local.start();
    if (!this.settings.work) return;
    for (const [name, { handler }] of this.handlers) this.workers.push(this.workLoop(name, handler));
    for (const [name, everyMs] of this.schedules) {
      const tick = () =>
        void this.send(name, {}, { singletonKey: name, singletonMs: everyMs }).catch((err: unknown) =>
          this.log.error({ err, job: name }, 'recurring job not queued'),
        );
      tick();
      this.timers.add(setInterval(tick, Math.max(1000, everyMs / 2)).unref());
    }
  }

  /**
   * Starts pg-boss (installing or migrating its schema) and creates the registered jobs' queues
   * that do not exist yet, one instance at a time (START_LOCK).
   */
  private async installInTurn(): Promise<void> {
    const holder = await this.pool.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
      await this.boss.start();
      this.started = true;
      const existing = new Set((await this.boss.getQueues()).map((queue) => queue.name));
      for (const name of this.handlers.keys()) if (!existing.has(name)) await this.boss.createQueue(name);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
      holder.release();
    }
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    this.stopping = true;
    for (const pause of this.pauses) pause.abort();
    // Running handlers finish and their ends are stored, for at most STOP_WAIT_MS.
    await Promise.race([Promise.all(this.workers), sleep(STOP_WAIT_MS, undefined, { ref: false })]);
    if (this.started) await this.boss.stop({ graceful: true, wait: true, close: true });
    // pg-boss's upkeep may still have a query out: wait until none is asked twice in a row (at
    // most STOP_WAIT_MS), so no query reaches the pool the app closes next.
    const deadline = Date.now() + STOP_WAIT_MS;
    for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
      await sleep(STOP_POLL_MS);
      quiet = this.queries.size === 0 ? quiet + 1 : 0;
    }
    this.stopped = true;
    await this.local.stop();
  }

  /**
   * One job name's worker: takes a job, runs its handler (failed when it outlasts the job's
   * expiry, as pg-boss's own worker does) and stores its end, then takes the next one at once;
   * waits `pollMs` when none is queued. Until stop().
   */
  private async workLoop(name: string, handler: JobHandler<object>): Promise<void> {
    while (!this.stopping) {
      let job: FetchedJob | undefined;
      try {
        [job] = (await this.boss.fetch<object>(name, { batchSize: 1, includeMetadata: true })) as FetchedJob[];
      } catch (err) {
        this.log.error({ err, job: name }, 'job queue error');
      }
      if (!job) {
        await this.pause(this.settings.pollMs);
        continue;
      }
      let failure: Error | null = null;
      try {
        await runWithin(handler(job.data), job.expireInSeconds * 1000);
      } catch (err) {
        if (job.retryCount >= job.retryLimit) {
          this.log.error({ err, job: name, jobId: job.id, ...idsOf(job.data) }, 'job failed after its retries');
        }
        failure = new Error(failureMessage(err));
      }
      await this.storeEnd(name, job, failure);
    }
  }

  /**
   * Marks `job` completed, or failed with `failure`'s message (pg-boss then schedules its retry;
   * the message only is stored, never the payload or a library's error fields). A failed try is
   * tried again after ENDING_RETRY_MS while the job is still active in this run (the same
   * started_on): a try whose answer was lost may have stored it, and failing it twice would
   * spend a retry. Never throws; what could not be stored is logged.
   */
  private async storeEnd(name: string, job: FetchedJob, failure: Error | null): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        if (failure) await this.boss.fail(name, job.id, { message: failure.message });
        else await this.boss.complete(name, job.id);
        return;
      } catch (err) {
        const wait = ENDING_RETRY_MS[attempt];
        if (wait === undefined || this.stopped) {
          this.log.error({ err, job: name, jobId: job.id }, 'job end not stored; it runs again once it expires');
          return;
        }
        await sleep(wait);
        try {
          const { rows } = await this.query(
            // started_on in µs, the fetched job's in ms.
            `SELECT 1 FROM ${SCHEMA}.job
              WHERE name = $1 AND id = $2 AND state = 'active' AND date_trunc('milliseconds', started_on) = $3`,
            [name, job.id, job.startedOn],
          );
          if (rows.length === 0) return;
        } catch {
          // Still away: the next try of the end asks again.
        }
      }
    }
  }

  /** Waits `ms`, or less when stop() comes. */
  private async pause(ms: number): Promise<void> {
    const pause = new AbortController();
    this.pauses.add(pause);
    try {
      await sleep(ms, undefined, { signal: pause.signal });
    } catch {
      // Cut short by stop().
    } finally {
      this.pauses.delete(pause);
    }
  }

  async idle(): Promise<void> {
    await this.local.idle();
    while ((await this.queued()) > 0) await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
  }

  async depth(): Promise<number> {
    return (await this.queued()) + (await this.local.depth());
  }

  async recent(limit: number): Promise<JobRecord[]> {
    const columns = `id, name, state, created_on, started_on, completed_on, retry_count, output->>'message' AS error`;
    const { rows } = await this.pool.query(
      `SELECT * FROM (
         SELECT ${columns} FROM ${SCHEMA}.job
         UNION ALL SELECT ${columns} FROM ${SCHEMA}.archive
       ) jobs ORDER BY created_on DESC LIMIT $1`,
      [limit],
    );
    const stored = (rows as Record<string, unknown>[]).map((r): JobRecord => ({
      id: String(r.id),
      name: String(r.name),
      state: r.state as JobState,
      createdAt: iso(r.created_on as Date)!,
      startedAt: iso(r.started_on as Date | null),
      completedAt: iso(r.completed_on as Date | null),
      retryCount: Number(r.retry_count),
      error: (r.error as string | null) ?? null,
    }));
    const local = await this.local.recent(limit);
    return [...stored, ...local].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
  }

  /**
   * pg-boss's queries, counted for stop(). Once stopped, a late one (its upkeep) answers an empty
   * command result instead of reaching a closed pool: pg-boss does not await some of them, and a
   * rejection there would be unhandled.
   */
  private query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    if (this.stopped) return Promise.resolve({ rows: [{ count: 0 }] });
    const answer = this.pool.query(text, values);
    this.queries.add(answer);
    void answer.finally(() => this.queries.delete(answer)).catch(() => {});
    return answer;
  }

  /** Jobs of every instance not ended yet: queued, waiting to retry or running. */
  private async queued(): Promise<number> {
    const { rows } = await this.pool.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.job WHERE state < 'completed'`);
    return (rows[0] as { n: number }).n;
  }
}

/** `work`, rejected when it has not settled within `ms` (it is not stopped: a handler cannot be). */
async function runWithin(work: Promise<void>, ms: number): Promise<void> {
  const timeout = new AbortController();
  try {
    await Promise.race([
      work,
      sleep(Math.max(1000, ms), undefined, { signal: timeout.signal, ref: false }).then(() => {
        throw new Error(`handler execution exceeded ${Math.max(1000, ms)}ms`);
      }),
    ]);
  } finally {
    timeout.abort();
  }
}
