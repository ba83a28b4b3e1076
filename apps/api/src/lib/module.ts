/**
 * The shape of an API module as the app and the worker see it (docs/architecture.md "Modules as
 * plugins"): the module's factory (its `index.ts`) builds its services from narrow, typed
 * dependencies and returns them with this: its routes as a Fastify plugin, its jobs, and what
 * must run when the process starts and stops. The app registers the routes and the jobs; the
 * worker (`worker.ts`) only the jobs.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobHandler, Jobs, RetryOptions } from './jobs';

/** One job of a module (its `jobs.ts`): the name it is queued under, its handler, retries and period. */
export type JobDefinition = {
  name: string;
  // The payload's shape is the handler's own (ids only: lib/jobs/types.ts).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: JobHandler<any>;
  retry?: Partial<RetryOptions>;
  /** Runs every `everyMs` ms across all instances (lib/jobs `schedule`); 0 or absent = only when queued. */
  everyMs?: number;
};

export type ApiModule = {
  /** The module's folder name under src/modules. */
  name: string;
  /**
   * Request hooks and decorations that hold for every route (the admin audit), added to the app
   * itself before any module's routes (HTTP only).
   */
  hooks?: (app: FastifyInstance) => void;
  /** Registers the module's routes, as a plugin of their own (HTTP only: the worker never calls it). */
  routes?: FastifyPluginAsyncZod;
  /** The jobs the module queues and handles. */
  jobs?: readonly JobDefinition[];
  /** Runs once before serving or working (after every module is built); `stop` at close, in reverse order. */
  start?: () => Promise<void>;
  stop?: () => Promise<void>;
};

/** Registers every module's jobs with `jobs` (before `jobs.start()`). Throws on a name declared twice. */
export function registerJobs(jobs: Jobs, modules: readonly ApiModule[]): void {
  const seen = new Set<string>();
  for (const job of modules.flatMap((m) => m.jobs ?? [])) {
    if (seen.has(job.name)) throw new Error(`job ${job.name} is declared twice`);
    seen.add(job.name);
    jobs.work(job.name, job.handler, job.retry);
    if (job.everyMs) jobs.schedule(job.name, job.everyMs);
  }
}
