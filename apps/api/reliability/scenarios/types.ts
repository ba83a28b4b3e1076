/** The shape every scenario shares: what it did, whether it held, and the figures that say so. */
import type { Stack } from '../stack';

export type Outcome = { done: string; ok: boolean; result: string };

export type Scenario = {
  id: number;
  name: string;
  /** What was done, for the table when the scenario could not say it itself (it threw). */
  summary: string;
  /**
   * Server faults the scenario causes on purpose (faults.ts: `503 POST /auth/google-login (2×)`,
   * `error: …`): the instances' 5xx counts and error log lines matching one of these do not fail
   * it; any other does, even when every client got the answer it expected.
   */
  serverFaults?: RegExp[];
  run(stack: Stack): Promise<Outcome>;
};

/**
 * Where request `i` of a spread goes: instance 1, instance 2 and nginx in turn, so both
 * instances surely take part and nginx's own path is used too.
 */
export function spread(stack: Stack, i: number): string {
  return [stack.instances[0]!.url, stack.instances[1]!.url, stack.url][i % 3]!;
}

/** Collects failed checks: `check(false, why)` records `why`; `failures` lists them. */
export function checks() {
  const failures: string[] = [];
  return {
    failures,
    check(ok: boolean, why: string): void {
      if (!ok) failures.push(why);
    },
  };
}
