/**
 * The start-up line that prints the API's addresses says when /metrics answers anyone: a
 * development API without METRICS_TOKEN (`src/server.ts` started as `npm run dev` does, on an
 * embedded database) names /metrics as open, and a scrape of that address without a token is
 * indeed answered (about 40 s: a whole API starts on a new embedded database).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `src/server.ts` in development with `env` on a fresh DATA_DIR and waits for its
 * "Vastra API on" line; `whileUp` runs with that line before the API is stopped.
 */
async function withDevelopmentApi(
  env: Record<string, string>,
  whileUp: (line: string, publicUrl: string) => Promise<void>,
): Promise<void> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-start-line-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      AUTO_SEED: 'false',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      ...env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let output = '';
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line within 90 s:\n${output}`)), 90_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const found = output.split('\n').find((l) => l.includes('Vastra API on'));
        if (found) {
          clearTimeout(timer);
          resolve((JSON.parse(found) as { msg: string }).msg);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`the API exited (${code}) before listening:\n${output}`)));
    });
    await whileUp(line, publicUrl);
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('in development without METRICS_TOKEN, the start-up line says /metrics is open to anyone, and it is', async () => {
  await withDevelopmentApi({}, async (line, publicUrl) => {
    assert.match(line, new RegExp(`^Vastra API on ${publicUrl} \\(pglite\\); docs at ${publicUrl}/docs; `));
    assert.ok(line.includes(`metrics at ${publicUrl}/metrics, open to anyone (METRICS_TOKEN closes it)`), line);
    const scrape = await fetch(`${publicUrl}/metrics`);
    assert.equal(scrape.status, 200);
  });
});
