/**
 * What `npm run reliability` runs against, all on loopback (ports 9280–9289): a fresh
 * PostgreSQL database, migrated and seeded with the 400-product store by the built CLIs; two
 * compiled API instances in production mode sharing that database, Redis, the signing secret,
 * the operator token and the upload folder; nginx in front of them with the test variant of
 * deploy/nginx/vastra.conf; a stand-in for PhonePe's HTTP API and an SMTP server that takes
 * every mail. `stop()` takes everything down again, the database included.
 */
import webpush from 'web-push';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { API_DIR, waitForReady } from '../bench/targets';
import { FakePhonePe, phonePeEnv } from '../src/test/phonepe-server';

const REPO_DIR = path.resolve(API_DIR, '../..');
/** The suite's own build, so a `npm run build` elsewhere in the tree cannot pull it away mid-run. */
const BUILD_DIR = path.join(API_DIR, 'reliability/dist');
export const NGINX_CONF = path.join(REPO_DIR, 'deploy/nginx/vastra.conf');

export const PORTS = { nginx: 9280, api: [9281, 9282] as const, phonepe: 9283, smtp: 9284, redirect: 9289 };
const ADMIN_URL = process.env.RELIABILITY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'vastra_reliability';
/** Its own Redis database, so its counters neither meet other processes' nor outlive a run. */
const REDIS_URL = process.env.RELIABILITY_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

/** The limits raised above a shop's defaults: the suite's shoppers place hundreds of orders an hour. */
export const RAISED_LIMITS = {
  AUTH_REGISTER_LIMIT_PER_HOUR: '10000',
  ORDER_ATTEMPTS_PER_HOUR: '10000',
  ORDER_ATTEMPTS_PER_ADDRESS: '100000',
  MAX_UNPAID_ORDERS: '100',
};

/** One API instance: its port, base URL, current pid (it changes on restart) and log file. */
export type Instance = { index: number; port: number; url: string; pid: number; log: string; child: ChildProcess };

export type Stack = {
  /** nginx's address, through which requests normally go. */
  url: string;
  instances: Instance[];
  /** The database the instances use, for checks the API does not answer. */
  db: pg.Pool;
  phonepe: FakePhonePe;
  operatorToken: string;
  /** The bearer token a scrape of an instance's /metrics sends. */
  metricsToken: string;
  /** The HTTP→HTTPS redirect server of the nginx config. */
  redirectUrl: string;
  tmp: string;
  /**
   * Why an instance failed when both were started at once (as systemd starts them), with the
   * end of its log; empty when both came up. Such an instance was started again on its own.
   */
  startProblems: string[];
  /** SIGKILLs instance `i` (0 or 1) and waits for it to be gone. */
  kill(i: number): Promise<void>;
  /** Starts instance `i` again and waits until it is ready. */
  restart(i: number): Promise<void>;
  /** Last lines of the instances' and nginx's logs, for a failure report. */
  logTails(lines?: number): string;
  stop(): Promise<void>;
};

const log = (line: string) => console.log(`[setup] ${line}`);

function run(what: string, args: string[], env: NodeJS.ProcessEnv): void {
  const result = spawnSync(process.execPath, args, { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** The instances' environment: production mode, every setting it demands pointing at the suite's own services. */
function apiEnv(
  secrets: { jwt: string; operator: string; metrics: string; vapid: { publicKey: string; privateKey: string } },
  dataDir: string,
  phonepeUrl: string,
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: Object.assign(new URL(ADMIN_URL), { pathname: `/${DATABASE}` }).toString(),
    REDIS_URL,
    JWT_SECRET: secrets.jwt,
    OPERATOR_TOKEN: secrets.operator,
    METRICS_TOKEN: secrets.metrics,
    // Web push is on in production: both instances sign with one VAPID key pair, as a deploy's would.
    VAPID_PUBLIC_KEY: secrets.vapid.publicKey,
    VAPID_PRIVATE_KEY: secrets.vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@vastra.example',
    AUTO_SEED: 'false',
    SELLER_GSTIN: '29ABCDE1234F1ZW',
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}?ignoreTLS=true`,
    PUBLIC_URL: 'https://api.vastra.example',
    STOREFRONT_URL: 'https://vastra.example',
    SESSION_COOKIE_DOMAIN: 'vastra.example',
    // The malformed-input scenario walks the OpenAPI document.
    API_DOCS_PUBLIC: 'true',
    // Only nginx (and the suite, on the same loopback) may name the client's address.
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'warn',
    ...phonePeEnv(phonepeUrl),
    ...RAISED_LIMITS,
  };
}

/**
 * The test variant of deploy/nginx/vastra.conf: the same file with the instances' ports, plain
 * http on loopback instead of TLS on 443, the redirect server on its own port and the logs in
 * `tmp`. Throws when the file no longer has the shape these substitutions expect.
 */
export function testNginxConfig(tmp: string): string {
  const source = fs.readFileSync(NGINX_CONF, 'utf8');
  const conf = source
    .split('\n')
    .filter((line) => !/^\s*(ssl_|listen \[::\])/.test(line))
    .join('\n')
    .replaceAll('127.0.0.1:4001', `127.0.0.1:${PORTS.api[0]}`)
    .replaceAll('127.0.0.1:4002', `127.0.0.1:${PORTS.api[1]}`)
    .replaceAll(/listen 443 ssl http2;/g, `listen 127.0.0.1:${PORTS.nginx};`)
    .replaceAll(/listen 80;/g, `listen 127.0.0.1:${PORTS.redirect};`)
    .replaceAll('/var/log/nginx/', `${tmp}/logs/`);
  for (const [what, left] of [
    ['TLS', /\bssl\b/],
    ['port 443 or 80', /listen (443|80)\b/],
    ['a log outside the temp dir', /\/var\/log/],
    ['an instance port', /:400[12]\b/],
  ] as const) {
    if (left.test(conf)) throw new Error(`deploy/nginx/vastra.conf: the test variant still has ${what}`);
  }
  return conf;
}

/** nginx's main file around the site file: one worker, temp files and logs in `tmp`. */
function nginxMainConfig(tmp: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `  ${t}_temp_path ${tmp}/nginx-temp/${t};`)
    .join('\n');
  return `worker_processes 1;
error_log ${tmp}/logs/error.log warn;
events { worker_connections 1024; }
http {
${temp}
  access_log ${tmp}/logs/access.log;
  include ${tmp}/vastra.conf;
}
`;
}

/** The last error (level 50+) of a JSON log: its message and where it was thrown. */
function lastError(file: string): string {
  const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n').reverse();
  for (const text of lines) {
    try {
      const entry = JSON.parse(text) as { level?: number; msg?: string; err?: { message?: string; stack?: string } };
      if ((entry.level ?? 0) < 50) continue;
      const at =
        entry.err?.stack
          ?.split('\n')
          .find((l) => l.includes('/apps/api/src/'))
          ?.trim() ?? '';
      return `${entry.err?.message ?? entry.msg} ${at}`.trim();
    } catch {
      if (text.trim()) return text.trim();
    }
  }
  return 'no error logged';
}

async function waitForPort(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} not answering after ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function startSmtp(): Promise<SMTPServer> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
  });
  // A killed instance resets its mail connections; that is no reason to stop.
  server.on('error', () => {});
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(PORTS.smtp, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Builds the API into reliability/dist, then brings the stack up. On any failure what was
 * started is stopped again before the error is rethrown.
 */
export async function startStack(): Promise<Stack> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-reliability-'));
  // nginx's worker runs as nobody: it must reach its temp files.
  fs.chmodSync(tmp, 0o755);
  fs.mkdirSync(path.join(tmp, 'logs'));
  fs.mkdirSync(path.join(tmp, 'nginx-temp'));
  const cleanups: (() => Promise<void>)[] = [];
  const instances: Instance[] = [];
  const logTails = (lines = 15) =>
    [...instances.map((s) => s.log), ...['error.log', 'vastra-api.error.log'].map((f) => path.join(tmp, 'logs', f))]
      .filter((file) => fs.existsSync(file))
      .map(
        (file) =>
          `--- ${path.basename(file)}\n${fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')}`,
      )
      .join('\n');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  let pool: pg.Pool | undefined;
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: Error) => log(`clean-up: ${err.message}`));
    cleanups.length = 0;
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    log('building the API (node scripts/build.mjs reliability/dist)…');
    run('the build', ['scripts/build.mjs', BUILD_DIR], { ...process.env });

    await admin.connect();
    cleanups.push(async () => {
      await pool?.end();
      await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await admin.end();
    });
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    await redis.flushdb();
    cleanups.push(async () => {
      await redis.flushdb();
      redis.disconnect();
    });

    const phonepe = new FakePhonePe();
    const phonepeUrl = await phonepe.listen(PORTS.phonepe);
    cleanups.push(() => phonepe.close());
    const smtp = await startSmtp();
    cleanups.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    const secret = () => randomBytes(32).toString('hex');
    const secrets = { jwt: secret(), operator: secret(), metrics: secret(), vapid: webpush.generateVAPIDKeys() };
    const dataDir = path.join(tmp, 'data');
    const env = apiEnv(secrets, dataDir, phonepeUrl);
    log(`migrating ${DATABASE} (migrate-cli), then seeding the 400-product store (seed-cli)…`);
    run('migrate-cli', [path.join(BUILD_DIR, 'migrate-cli.js')], env);
    run('seed-cli', [path.join(BUILD_DIR, 'seed-cli.js')], env);
    pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
    // Idle connections are cut when the database is dropped at the end; nothing to do then.
    pool.on('error', () => {});

    const launch = async (index: number): Promise<void> => {
      const port = PORTS.api[index]!;
      const logFile = path.join(tmp, 'logs', `api-${index + 1}.log`);
      const out = fs.openSync(logFile, 'a');
      const child = spawn(process.execPath, ['--enable-source-maps', path.join(BUILD_DIR, 'server.js')], {
        cwd: API_DIR,
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', out, out],
      });
      fs.closeSync(out);
      const instance = { index, port, url: `http://127.0.0.1:${port}`, pid: child.pid!, log: logFile, child };
      instances[index] = instance;
      await waitForReady(instance.url, 60_000, child);
    };
    cleanups.push(async () => {
      for (const instance of instances) if (instance) await stopChild(instance.child);
    });
    log(`starting two API instances on :${PORTS.api.join(' and :')} (production mode)…`);
    const startProblems: string[] = [];
    const started = await Promise.allSettled([launch(0), launch(1)]);
    for (const [i, result] of started.entries()) {
      if (result.status === 'fulfilled') continue;
      startProblems.push(`instance ${i + 1}: ${(result.reason as Error).message}: ${lastError(instances[i]!.log)}`);
      log(`instance ${i + 1} failed to start beside the other; starting it again on its own…`);
      await launch(i);
    }

    fs.writeFileSync(path.join(tmp, 'vastra.conf'), testNginxConfig(tmp));
    fs.writeFileSync(path.join(tmp, 'nginx.conf'), nginxMainConfig(tmp));
    const nginxBin = process.env.RELIABILITY_NGINX ?? '/usr/sbin/nginx';
    const nginx = spawn(
      nginxBin,
      ['-p', tmp, '-e', `${tmp}/logs/error.log`, '-c', `${tmp}/nginx.conf`, '-g', `daemon off; pid ${tmp}/nginx.pid;`],
      { stdio: 'ignore' },
    );
    cleanups.push(() => stopChild(nginx));
    const url = `http://127.0.0.1:${PORTS.nginx}`;
    log(`starting nginx on :${PORTS.nginx} (deploy/nginx/vastra.conf, test variant)…`);
    await waitForPort(`${url}/health`, 10_000, nginx).catch((err: Error) => {
      throw new Error(`nginx did not start: ${err.message}`);
    });

    return {
      url,
      instances,
      db: pool,
      phonepe,
      operatorToken: secrets.operator,
      metricsToken: secrets.metrics,
      redirectUrl: `http://127.0.0.1:${PORTS.redirect}`,
      tmp,
      startProblems,
      async kill(i) {
        const { child } = instances[i]!;
        await new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
      },
      restart: (i) => launch(i),
      logTails,
      stop,
    };
  } catch (err) {
    console.error(logTails());
    await stop();
    throw err;
  }
}
