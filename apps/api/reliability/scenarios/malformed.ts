/**
 * Scenario 6: malformed input to every operation of the API's own OpenAPI document
 * (/docs/json): implausible path params, query values and bodies (bad JSON, wrong types,
 * missing fields, 1 MB strings, unicode, negative and fractional numbers, unknown fields, the
 * wrong content type). No answer may be a 5xx or take longer than the deadline, and a write
 * answered 4xx must leave the key tables exactly as they were (a checksum of their rows before
 * and after each write). Requests carry a shopper's session (the operator token on the store's
 * steps of orders and returns under /admin/api, a publishable key under /store) so they get past
 * the login checks to the validation.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { call, freshIp, pool, registerShopper, statusCounts, type Answer } from '../client';
import type { Stack } from '../stack';
import { checks, type Scenario } from './types';

/** Routes left out, and why. */
const SKIPPED: Record<string, string> = {
  'POST /auth/logout': "ends the session the other requests use (it takes no input but the session's cookie)",
};
/** Tables whose rows a refused write must not change. */
const KEY_TABLES = [
  'users',
  'sessions',
  'addresses',
  'carts',
  'cart_items',
  'wishlist_items',
  'orders',
  'order_items',
  'order_events',
  'payments',
  'refunds',
  'return_requests',
  'reviews',
  'uploads',
  'coupon_redemptions',
  'gift_cards',
  'gift_card_transactions',
  'variants',
  'products',
  'stock_movements',
];
/**
 * The admin operations sent with the operator token (an owner): the store's steps of orders and
 * returns and the refund refresh, as `npm run ops` calls them. The rest of /admin/api gets the
 * shopper's session and so stops at 401.
 */
const OPERATOR_OPERATIONS = new Set([
  'GET /admin/api/orders/{id}',
  'POST /admin/api/orders/{id}/steps',
  'POST /admin/api/orders/{id}/cancel',
  'POST /admin/api/orders/{id}/return/approve',
  'POST /admin/api/orders/{id}/return/reject',
  'POST /admin/api/orders/{id}/return/pickup',
  'POST /admin/api/orders/{id}/return/refund',
  'POST /admin/api/refunds/refresh',
]);
/** 5xx answers that are documented: Google sign-in is off here (no GOOGLE_CLIENT_ID), so it says so. */
const DOCUMENTED_5XX = [{ route: 'POST /auth/google-login', status: 503 }];
const DEADLINE_MS = 10_000;
const HUGE = 'x'.repeat(1024 * 1024);
const UNICODE = 'नमस्ते 🙏🏽 \u202e\u0000 ﷽ Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇';

type Schema = { type?: string | string[]; format?: string; properties?: Record<string, Schema>; items?: Schema };
type Operation = {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
/** One malformed request; `operation` is its method and OpenAPI path, e.g. `POST /orders/{id}/cancel`. */
type Request = { method: string; path: string; operation: string; label: string; body?: string; contentType?: string };

/** A value of the schema's type that validation might accept: the base the malformed bodies vary. */
function plausible(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (schema?.properties) {
    return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, plausible(v)]));
  }
  if (type === 'string')
    return schema?.format === 'uuid' ? randomUUID() : schema?.format === 'email' ? 'a@example.com' : 'abc';
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [plausible(schema?.items)];
  return {};
}

/** Every property replaced by `pick(its schema, its value)`. */
function mapFields(
  value: unknown,
  schema: Schema | undefined,
  pick: (s: Schema | undefined, v: unknown) => unknown,
): unknown {
  if (!schema?.properties || typeof value !== 'object' || value === null) return pick(schema, value);
  return Object.fromEntries(
    Object.entries(schema.properties).map(([k, s]) => [k, mapFields((value as Record<string, unknown>)[k], s, pick)]),
  );
}

const wrongType = (s: Schema | undefined) => {
  const type = Array.isArray(s?.type) ? s.type[0] : s?.type;
  return type === 'string'
    ? 12345
    : type === 'array'
      ? { not: 'an array' }
      : type === 'object'
        ? 'text'
        : 'not a number';
};
const numeric = (replacement: number) => (s: Schema | undefined, v: unknown) =>
  s?.type === 'integer' || s?.type === 'number' ? replacement : v;
const strings = (replacement: string) => (s: Schema | undefined, v: unknown) =>
  s?.type === 'string' ? replacement : v;

/** The malformed requests of one operation (bounded: at most 15). */
function requestsFor(method: string, openApiPath: string, op: Operation): Request[] {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  const fill = (value: (name: string) => string) =>
    openApiPath.replaceAll(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));
  const path = fill(() => randomUUID());
  const out: Request[] = [];
  const operation = `${method} ${openApiPath}`;
  if (params.length) {
    for (const bad of ['-1', "' OR 1=1 --", '../../etc/passwd', UNICODE, 'x'.repeat(3000)]) {
      out.push({
        method,
        path: fill(() => bad),
        operation,
        label: `${operation} (path ${JSON.stringify(bad.slice(0, 12))})`,
      });
    }
  }
  if (query.length) {
    const q = (v: string) => `${path}?${query.map((p) => `${p.name}=${encodeURIComponent(v)}`).join('&')}`;
    out.push({ method, path: q('-1'), operation, label: `${operation} (query -1)` });
    out.push({ method, path: q('1.5e308'), operation, label: `${operation} (query 1.5e308)` });
    out.push({ method, path: q(UNICODE.repeat(200)), operation, label: `${operation} (query unicode)` });
    out.push({
      method,
      path: `${path}?${query.map((p) => `${p.name}[]=a&${p.name}[x]=b`).join('&')}`,
      operation,
      label: `${operation} (query arrays)`,
    });
  }
  const content = op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  if (jsonSchema || content['multipart/form-data'] || content['application/x-www-form-urlencoded']) {
    const base = plausible(jsonSchema);
    const json = (what: string, value: unknown) =>
      out.push({
        method,
        path,
        operation,
        label: `${operation} (${what})`,
        body: JSON.stringify(value),
        contentType: 'application/json',
      });
    out.push({
      method,
      path,
      operation,
      label: `${operation} (bad JSON)`,
      body: '{"a": [1, 2',
      contentType: 'application/json',
    });
    json('wrong types', mapFields(base, jsonSchema, wrongType));
    json('missing fields', {});
    json('1 MB strings', mapFields(base, jsonSchema, strings(HUGE)));
    json('unicode', mapFields(base, jsonSchema, strings(UNICODE)));
    json('negative numbers', mapFields(base, jsonSchema, numeric(-5)));
    json('fractional numbers', mapFields(base, jsonSchema, numeric(1.5)));
    const extra = JSON.stringify({ ...(base as object), constructor: { prototype: { isAdmin: true } }, zzz: 1 });
    out.push({
      method,
      path,
      operation,
      label: `${operation} (unknown fields, __proto__)`,
      body: `{"__proto__": {"isAdmin": true}, ${extra.slice(1)}`,
      contentType: 'application/json',
    });
    json('array body', [base]);
    out.push({
      method,
      path,
      operation,
      label: `${operation} (text/plain)`,
      body: JSON.stringify(base),
      contentType: 'text/plain',
    });
    out.push({
      method,
      path,
      operation,
      label: `${operation} (broken multipart)`,
      body: '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\nnot a png',
      contentType: 'multipart/form-data; boundary=xyz',
    });
  }
  if (!out.length) out.push({ method, path, operation, label: `${operation} (unknown id)` });
  return out;
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  KEY_TABLES.filter((t) => a.get(t) !== b.get(t));

/**
 * Columns background jobs write while the scenario runs, left out of the checksum: the order
 * confirmation mail (a job) stamps `orders.confirmation_sent_at` when it goes, retries included.
 */
const JOB_COLUMNS: Record<string, string[]> = { orders: ['confirmation_sent_at'] };

/** One checksum per key table (row count and a hash of every row but its job columns), in one query. */
async function snapshot(db: pg.Pool | pg.PoolClient): Promise<Map<string, string>> {
  const union = KEY_TABLES.map((t) => {
    const left = JOB_COLUMNS[t];
    // The row's text, or its JSON without the job columns (slower, so only where there are some).
    const row = left ? `(to_jsonb(x) - ARRAY[${left.map((c) => `'${c}'`).join(', ')}])::text` : 'x::text';
    return `SELECT '${t}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(${row})::bigint), 0)::text AS h FROM ${t} x`;
  }).join(' UNION ALL ');
  const { rows } = await db.query<{ t: string; h: string }>(union);
  return new Map(rows.map((r) => [r.t, r.h]));
}

/**
 * Why the checksum cannot be trusted, or null: inside a transaction rolled back, a change of a
 * user's name must change it, and of an order (when there is one) its `hidden_at` must change
 * it and its job columns alone must not.
 */
async function checksumProblem(stack: Stack): Promise<string | null> {
  const client = await stack.db.connect();
  try {
    await client.query('BEGIN');
    const before = await snapshot(client);
    const changed = async () => changedTables(before, await snapshot(client));
    const { rows } = await client.query<{ id: string }>('SELECT id FROM orders LIMIT 1');
    if (rows[0]) {
      await client.query(`UPDATE orders SET confirmation_sent_at = now() - interval '1 day' WHERE id = $1`, [
        rows[0].id,
      ]);
      if ((await changed()).length) return 'a job column changed the checksum';
      await client.query('UPDATE orders SET hidden_at = now() WHERE id = $1', [rows[0].id]);
      if (!(await changed()).includes('orders')) return "an order's change left the checksum as it was";
    }
    await client.query(`UPDATE users SET name = name || '!' WHERE id = (SELECT id FROM users LIMIT 1)`);
    if (!(await changed()).includes('users')) return "a user's change left the checksum as it was";
    return null;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

export const malformedInput: Scenario = {
  id: 6,
  name: 'malformed input',
  summary: 'malformed input to every route of the OpenAPI document',
  serverFaults: DOCUMENTED_5XX.map(({ route, status }) => new RegExp(`^${status} ${route} \\(`)),
  async run(stack) {
    const docs = await call(stack.url, 'GET', '/docs/json');
    if (docs.status !== 200) throw new Error(`/docs/json answered ${docs.status}`);
    const shopper = await registerShopper(stack.url, 'malformed');
    const { rows: keys } = await stack.db.query<{ token: string }>('SELECT token FROM publishable_api_keys LIMIT 1');
    const headersFor = ({ path, operation }: Request): Record<string, string> => {
      if (OPERATOR_OPERATIONS.has(operation)) return { authorization: `Bearer ${stack.operatorToken}` };
      const h: Record<string, string> = { authorization: `Bearer ${shopper.token}` };
      if (path.startsWith('/store') && keys[0]) h['x-publishable-api-key'] = keys[0].token;
      return h;
    };
    const reads: Request[] = [];
    const writes: Request[] = [];
    const skipped: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(docs.body.paths as Record<string, Record<string, Operation>>)) {
      if (path.startsWith('/docs')) continue;
      for (const [method, op] of Object.entries(item)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (SKIPPED[key]) {
          skipped.push(`${key}: ${SKIPPED[key]}`);
          continue;
        }
        operations += 1;
        for (const r of requestsFor(method.toUpperCase(), path, op)) (r.method === 'GET' ? reads : writes).push(r);
      }
    }
    const send = (r: Request) =>
      call(stack.url, r.method, r.path, {
        headers: { ...headersFor(r), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
        body: r.body,
        ip: freshIp(),
        timeoutMs: DEADLINE_MS,
      });
    const { failures, check } = checks();
    const checksum = await checksumProblem(stack);
    check(checksum === null, `checksum: ${checksum}`);
    // Scraped on each instance's port; nginx must not serve it, even to the token's holder.
    const metrics = await Promise.all(
      [stack.url, stack.instances[0]!.url].map((base) => call(base, 'GET', '/metrics', { token: stack.metricsToken })),
    );
    check(
      metrics[0]!.status === 404 && metrics[1]!.status === 200,
      `/metrics answered ${metrics[0]!.status} through nginx (not 404) and ${metrics[1]!.status} on an instance`,
    );
    const answers: Answer[] = [];
    const bad: string[] = [];
    const note = (r: Request, a: Answer) => {
      answers.push(a);
      const documented = DOCUMENTED_5XX.some((d) => r.label.startsWith(`${d.route} (`) && d.status === a.status);
      if (a.status === 0 || (a.status >= 500 && !documented))
        bad.push(`${r.label} → ${a.status || a.error} ${a.text.slice(0, 120)}`);
    };
    const readAnswers = await pool(reads.length, 8, (i) => send(reads[i]!));
    readAnswers.forEach((a, i) => note(reads[i]!, a));
    let before = await snapshot(stack.db);
    const changedBy: string[] = [];
    let accepted = 0;
    for (const r of writes) {
      const a = await send(r);
      note(r, a);
      const after = await snapshot(stack.db);
      const changed = changedTables(before, after);
      if (a.status >= 400 && a.status < 500 && changed.length)
        changedBy.push(`${r.label} → ${a.status} changed ${changed.join(', ')}`);
      if (a.status < 400) accepted += 1;
      before = after;
    }
    console.log(`${operations} operations, ${reads.length + writes.length} requests: ${statusCounts(answers)}`);
    if (skipped.length) console.log(`skipped:\n  ${skipped.join('\n  ')}`);
    for (const line of [...bad, ...changedBy].slice(0, 30)) console.log(`  ${line}`);
    check(bad.length === 0, `${bad.length} answers 5xx or none: ${bad.slice(0, 3).join(' | ')}`);
    check(
      changedBy.length === 0,
      `${changedBy.length} refused writes changed data: ${changedBy.slice(0, 3).join(' | ')}`,
    );
    const slowest = Math.max(...answers.map((a) => a.ms));
    return {
      done: `${reads.length + writes.length} malformed requests over ${operations} operations of /docs/json (path, query, body variants), deadline ${DEADLINE_MS / 1000} s each; key tables checksummed around each of the ${writes.length} writes (job columns left out, the checksum checked); /metrics with its token through nginx; skipped: ${Object.keys(SKIPPED).join(', ')}`,
      ok: failures.length === 0,
      result: failures.length
        ? failures.join('; ')
        : `no 5xx, none timed out (slowest ${Math.round(slowest)} ms): ${statusCounts(answers)}; no refused write changed data (${accepted} writes accepted); /metrics 404 through nginx, 200 on an instance`,
    };
  },
};
