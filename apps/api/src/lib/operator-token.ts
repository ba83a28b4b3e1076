/**
 * The operator token: a bearer credential of the admin API (`/admin/api/*`) that acts as an
 * owner named `operator` (plugins/admin-auth.ts), for `npm run ops` and scripts. It is
 * OPERATOR_TOKEN when set, otherwise a random token generated once into
 * `<DATA_DIR>/secrets/operator-token` (mode 600), which `npm run ops` reads from the same
 * DATA_DIR. Kept apart from the plugin so the CLI can find the file without loading the server.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
