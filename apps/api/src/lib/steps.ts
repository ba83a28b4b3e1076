/**
 * A tiny step runner for multi-step writes (docs/architecture.md "A purchase, end to end"):
 * each named step runs in turn on a shared context; when one throws, the steps already done
 * are compensated in reverse order, then the error is thrown on. A step inside a database
 * transaction needs no compensation (the rollback undoes it); a step that reaches outside
 * (a payment gateway) brings its own.
 */

/** One step: `run` does the work on the context; `compensate` undoes it after a later step failed. */
export type Step<C> = {
  name: string;
  run: (ctx: C) => Promise<void>;
  compensate?: (ctx: C, error: unknown) => Promise<void>;
};

/**
 * Runs `steps` in order on `ctx` and answers it. On a failure, compensates the completed
 * steps (latest first) and rethrows the original error; a compensation that throws itself is
 * handed to `onCompensationError` and the others still run.
 */
export async function runSteps<C>(
  ctx: C,
  steps: readonly Step<C>[],
  onCompensationError: (step: string, error: unknown) => void = () => {},
): Promise<C> {
  const done: Step<C>[] = [];
  try {
    for (const step of steps) {
      await step.run(ctx);
      done.push(step);
    }
    return ctx;
  } catch (error) {
    for (const step of done.reverse()) {
      if (!step.compensate) continue;
      await step.compensate(ctx, error).catch((err: unknown) => onCompensationError(step.name, err));
    }
    throw error;
  }
}
