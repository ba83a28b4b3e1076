/**
 * Tests that log-check.test.ts runs in a child process, to see which the harness's check fails.
 * Not a test file of the suite (scripts/test.mjs runs *.test.ts only).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import Fastify from 'fastify';
import { checkAfterEachTest, FaultWatch } from './log-check';

const watch = new FaultWatch();
const app = Fastify({ logger: { level: 'error', stream: watch.logStream() } });
// An async onSend hook, as the app's have: a handler's promise settling before it ends makes Fastify send again.
app.addHook('onSend', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
});
app.get('/twice', async (_request, reply) => {
  void reply.send('once');
});
app.get('/once', async (_request, reply) => reply.send('once'));
app.get('/fails', async () => {
  throw new Error('boom');
});
watch.watch(app);
checkAfterEachTest(watch);
after(() => app.close());

test('a second send behind a 200', async () => {
  assert.equal((await app.inject('/twice')).statusCode, 200);
});

test('a second send the test declares', async () => {
  watch.expect(/Cannot write headers after they are sent/, /^500 GET \/twice$/);
  assert.equal((await app.inject('/twice')).statusCode, 200);
});

test('a 500 and its error line', async () => {
  assert.equal((await app.inject('/fails')).statusCode, 500);
});

test('an error logged outside any request', async () => {
  app.log.error(new Error('the queue is gone'), 'job failed');
});

test('a clean answer', async () => {
  assert.equal((await app.inject('/once?x=1')).statusCode, 200);
});
