/**
 * The VAPID key pair that signs every push (RFC 8292). In production it is VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY (config refuses to start without them while push is on); elsewhere a pair is
 * generated once and kept in `<DATA_DIR>/secrets/vapid.json`, so browsers subscribed with its
 * public key keep working after a restart.
 */
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** A VAPID key pair, base64url (the public key an uncompressed P-256 point, the private key 32 bytes). */
export type VapidKeys = { publicKey: string; privateKey: string };

/** Answers the configured pair, or the development pair; creates the file (mode 600) when needed. */
export function loadVapidKeys(opts: { publicKey?: string; privateKey?: string; dataDir: string }): VapidKeys {
  if (opts.publicKey && opts.privateKey) return { publicKey: opts.publicKey, privateKey: opts.privateKey };
  const file = path.join(opts.dataDir, 'secrets', 'vapid.json');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const { publicKey, privateKey } = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
  return { publicKey, privateKey };
}
