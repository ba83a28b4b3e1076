/**
 * Work a request starts but does not wait for, such as a mail sent after the answer so that
 * the answer's timing tells nothing about what the work found. A p-queue runs it, a few at a
 * time; a failure is logged, never thrown. `idle()` resolves once everything started has
 * ended: the app waits for it before closing the mailer, and tests wait for it before
 * reading what was sent.
 */
import { AsyncResource } from 'node:async_hooks';
import PQueue from 'p-queue';

/** How many tasks run at once; more wait their turn (an SMTP server takes a few connections at a time). */
const CONCURRENCY = 4;

export class BackgroundWork {
  private readonly queue = new PQueue({ concurrency: CONCURRENCY });

  constructor(private readonly log: { error(obj: object, msg: string): void }) {}

  /**
   * Queues `task` to start after the current request's answer is on its way. A rejection is
   * logged as `failure` with `context` (ids only: never a code, password or token).
   */
  run(failure: string, context: Record<string, unknown>, task: () => Promise<void>): void {
    void this.queue
      // Bound here: a task that waits its turn is started by another's end, and would otherwise
      // run (and log) in that task's request context instead of its own (lib/logging.ts).
      .add(
        AsyncResource.bind(async () => {
          // setImmediate: the handler returns and the reply is written before the task begins.
          await new Promise<void>((resolve) => setImmediate(resolve));
          await task();
        }),
      )
      .catch((err: unknown) => this.log.error({ err, ...context }, failure));
  }

  /** Resolves when every queued task has ended (at once when none is). */
  idle(): Promise<void> {
    return this.queue.onIdle();
  }
}
