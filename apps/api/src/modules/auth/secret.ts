/**
 * The key that signs session tokens and keys the one-time code hashes. In production it is
 * JWT_SECRET (config refuses to start without it); elsewhere a random secret is generated
 * once and kept in `<DATA_DIR>/secrets/jwt-secret`, so sessions survive a restart.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Returns the signing key as bytes; creates the dev secret file (mode 600) when needed. */
export function loadSigningSecret(opts: { jwtSecret: string | undefined; dataDir: string }): Uint8Array {
  if (opts.jwtSecret) return new TextEncoder().encode(opts.jwtSecret);
  const file = path.join(opts.dataDir, 'secrets', 'jwt-secret');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
