/**
 * Server faults of the test apps (docs/architecture.md, Conventions, "Server faults fail tests"):
 * what the app logged at error level or above, and every answer of 500 or more, whatever the
 * client received. `app.inject`
 * resolves with the first answer sent, so a fault after it (a second send, a failed hook, a job's
 * error) never shows in a test's assertions; this module makes each one fail the test it
 * happened in unless the test declared it with `ctx.expectServerErrors(/pattern/)`.
 *
 * A fault is one line of text, which a declared pattern is matched against:
 * - a 5xx answer: `500 GET /products/search` (status, method, URL without its query);
 * - an error log line: `error: unhandled error: <err.message>` (level name, message, then the
 *   logged error's message when there is one).
 *
 * The harness (harness.ts) gives each app a FaultWatch; `afterEach` here checks every app still
 * open after each test, and the app's `close()` checks what happened since (set-up in `before`,
 * closing itself).
 */
import { AssertionError } from 'node:assert';
import { Writable } from 'node:stream';
import { afterEach } from 'node:test';
import type { FastifyInstance } from 'fastify';

/** pino's levels from error up, by number. */
const LEVEL_NAMES: Record<number, string> = { 50: 'error', 60: 'fatal' };

/** How long a check waits for requests still being answered before it reads the faults, in ms. */
const SETTLE_MS = 2000;

/** The faults of one app, and the patterns the running test declared. */
export class FaultWatch {
  private faults: string[] = [];
  private expected: RegExp[] = [];
  private inFlight = 0;

  /**
   * A log stream for buildApp: lines at error or above are faults; every line is passed on to
   * `next` (a test's own log reader) when given.
   */
  logStream(next?: NodeJS.WritableStream): Writable {
    return new Writable({
      write: (chunk: Buffer | string, _encoding, done) => {
        this.readLogLine(String(chunk));
        if (next) next.write(chunk, () => done());
        else done();
      },
    });
  }

  /** Counts the app's answers of 500 and more; call before `app.ready()`. */
  watch(app: FastifyInstance): void {
    app.addHook('onRequest', (_request, _reply, done) => {
      this.inFlight += 1;
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      this.inFlight -= 1;
      if (reply.statusCode >= 500) {
        this.faults.push(`${reply.statusCode} ${request.method} ${request.url.split('?')[0]}`);
      }
      done();
    });
  }

  /** Faults matching any of `patterns` are expected until the end of the running test (or `close()`). */
  expect(...patterns: RegExp[]): void {
    this.expected.push(...patterns);
  }

  /**
   * Waits for the answers still being made (at most SETTLE_MS), then returns the faults since
   * the last call that no declared pattern matches; forgets the faults and the patterns.
   */
  async take(): Promise<string[]> {
    const until = Date.now() + SETTLE_MS;
    while (this.inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    // A second send or a hook's error lands a few turns after the client's answer.
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
    const unexpected = this.faults.filter((fault) => !this.expected.some((pattern) => pattern.test(fault)));
    this.faults = [];
    this.expected = [];
    return unexpected;
  }

  /** Throws an AssertionError naming the unexpected faults since the last check, if any (`when`: "during this test"). */
  async check(when: string): Promise<void> {
    failOn(await this.take(), when);
  }

  private readLogLine(text: string): void {
    for (const line of text.split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry: { level?: number; msg?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const level = LEVEL_NAMES[entry.level ?? 0];
      if (!level) continue;
      const cause = entry.err?.message === entry.msg ? undefined : entry.err?.message;
      this.faults.push([level, entry.msg, cause].filter(Boolean).join(': '));
    }
  }
}

function failOn(unexpected: string[], when: string): void {
  if (unexpected.length === 0) return;
  const counts = new Map<string, number>();
  for (const fault of unexpected) counts.set(fault, (counts.get(fault) ?? 0) + 1);
  const lines = [...counts].map(([fault, n]) => `  ${n > 1 ? `${n}× ` : ''}${fault}`);
  throw new AssertionError({
    message:
      `The app had server faults ${when} that the test did not declare ` +
      `(ctx.expectServerErrors(/pattern/) if it means them):\n${lines.join('\n')}`,
  });
}

/** The watches of the apps open now, checked after each test. */
const open = new Set<FaultWatch>();

/** Checks `watch` after each test until `forget(watch)` (its app is closing). */
export function checkAfterEachTest(watch: FaultWatch): void {
  open.add(watch);
}

/** Stops checking `watch` after each test. */
export function forget(watch: FaultWatch): void {
  open.delete(watch);
}

afterEach(async () => {
  const unexpected: string[] = [];
  for (const watch of open) unexpected.push(...(await watch.take()));
  failOn(unexpected, 'during this test');
});
