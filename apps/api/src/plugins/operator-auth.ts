/**
 * The operator API (`/ops/*`): store-side steps of orders and returns, called by
 * `npm run ops` today and by admin screens later. Callers send `Authorization: Bearer
 * <operator token>`: OPERATOR_TOKEN when set, otherwise a random token generated once into
 * `<DATA_DIR>/secrets/operator-token` (mode 600), which `npm run ops` reads from the same
 * DATA_DIR. Shopper sessions never pass here.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of /ops routes: refuses a call without the operator token (401). */
    requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Where the generated operator token is kept under DATA_DIR. */
export function operatorTokenFile(dataDir: string): string {
  return path.join(dataDir, 'secrets', 'operator-token');
}

/** The operator token: `operatorToken` when configured, else the one in DATA_DIR (created when missing). */
export function loadOperatorToken(opts: { operatorToken: string | undefined; dataDir: string }): string {
  if (opts.operatorToken) return opts.operatorToken;
  const file = operatorTokenFile(opts.dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** Decorates `app.requireOperator`, comparing the bearer token in constant time. */
export function registerOperatorAuth(app: FastifyInstance, token: string): void {
  const expected = Buffer.from(token);
  app.decorate('requireOperator', async (request: FastifyRequest) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    const actual = Buffer.from(scheme?.toLowerCase() === 'bearer' && given ? given : '');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      throw new UnauthorizedError('Operator token required');
    }
  });
}
