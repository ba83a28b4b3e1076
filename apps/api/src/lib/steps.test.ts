/** The step runner: order of runs, compensation of completed steps in reverse, the error passed on. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runSteps, type Step } from './steps';

const recorder = () => {
  const log: string[] = [];
  const step = (name: string, fail = false, undo = true): Step<{ n: number }> => ({
    name,
    run: async (ctx) => {
      log.push(`run ${name}`);
      if (fail) throw new Error(`${name} failed`);
      ctx.n += 1;
    },
    ...(undo ? { compensate: async () => void log.push(`undo ${name}`) } : {}),
  });
  return { log, step };
};

test('runs every step in order and answers the context', async () => {
  const { log, step } = recorder();
  const ctx = await runSteps({ n: 0 }, [step('a'), step('b'), step('c')]);
  assert.equal(ctx.n, 3);
  assert.deepEqual(log, ['run a', 'run b', 'run c']);
});

test('a failing step undoes the completed ones, latest first, and its error is thrown on', async () => {
  const { log, step } = recorder();
  await assert.rejects(
    runSteps({ n: 0 }, [step('a'), step('b', false, false), step('c'), step('d', true)]),
    /d failed/,
  );
  assert.deepEqual(log, ['run a', 'run b', 'run c', 'run d', 'undo c', 'undo a']);
});

test('a compensation that fails is reported and the others still run', async () => {
  const { log, step } = recorder();
  const broken: Step<{ n: number }> = {
    name: 'broken',
    run: async () => void log.push('run broken'),
    compensate: async () => {
      throw new Error('cannot undo');
    },
  };
  const reported: string[] = [];
  await assert.rejects(
    runSteps({ n: 0 }, [step('a'), broken, step('z', true)], (name) => reported.push(name)),
    /z failed/,
  );
  assert.deepEqual(log, ['run a', 'run broken', 'run z', 'undo a']);
  assert.deepEqual(reported, ['broken']);
});
