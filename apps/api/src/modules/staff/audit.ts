/**
 * The audit log (docs/admin.md): every write through the admin API is recorded with who made
 * it, when, the action, the record and its state before and after. Admin write routes declare
 * `config.audit` (the app refuses to start with one that does not); the hooks here read the
 * record before the handler runs and again after a successful answer. Secrets are dropped
 * from the stored states by key.
 */
import { ADMIN_API_PREFIX, type AuditEntry } from '@vastra/contracts';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { STOREFRONT_ENTITIES, type DomainEventBus } from '../../lib/events';
import type { StaffPrincipal } from './service';
import { auditLog } from './tables';

/** How an admin write route is audited. */
export type AuditSpec = {
  /** What was done, e.g. `order.ship`. */
  action: string;
  /** The kind of record, e.g. `order`. */
  entity: string;
  /** The record's id from the request; without it, the answer's `data.id` (a record just made). */
  id?: (request: FastifyRequest) => string | undefined;
  /** Reads the record's state by that id, for before and after; without it, `after` is the answer's data. */
  read?: (id: string) => Promise<unknown>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on admin writes; `'self'` when the service records the entry itself (sign-in). */
    audit?: AuditSpec | 'self';
  }
  interface FastifyRequest {
    auditBefore?: unknown;
  }
}

const SECRET_KEYS = new Set([
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'token',
  'tokenHash',
  'secret',
  'totpSecret',
  'codeHash',
  'recoveryCode',
  'recoveryCodes',
  'uri',
]);

/** A deep copy of `value` without secret-named keys. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEYS.has(key))
        .map(([key, v]) => [key, withoutSecrets(v)]),
    );
  }
  return value;
}

export type AuditFilter = {
  staffId?: string;
  entity?: string;
  entityId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  page: number;
  perPage: number;
};

export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(entry: {
    actor: StaffPrincipal;
    action: string;
    entity: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
    requestId?: string;
  }): Promise<void> {
    await this.db.insert(auditLog).values({
      staffId: entry.actor.staffId,
      actorEmail: entry.actor.email,
      actorRole: entry.actor.role,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      before: withoutSecrets(entry.before ?? null),
      after: withoutSecrets(entry.after ?? null),
      requestId: entry.requestId,
    });
  }

  /** Entries matching the filter, newest first, with the total. */
  async list(filter: AuditFilter): Promise<{ rows: AuditEntry[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
    if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
    if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.from) conditions.push(gte(auditLog.at, filter.from));
    if (filter.to) conditions.push(lt(auditLog.at, filter.to));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: { id: r.staffId, email: r.actorEmail, role: r.actorRole },
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        before: r.before,
        after: r.after,
      })),
      total: total?.n ?? 0,
    };
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The `data` of a JSON envelope answer, if any. */
function answerData(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const parsed = JSON.parse(payload) as { data?: Record<string, unknown> };
    return parsed.data;
  } catch {
    return undefined;
  }
}

async function readOrNull(read: (id: string) => Promise<unknown>, id: string): Promise<unknown> {
  try {
    return await read(id);
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/**
 * Adds the audit hooks to the app. Throws while routes are registered when an admin write
 * route has no `config.audit`, so no write can skip the log. A write to what the storefront
 * shows is told as `catalog.changed` (lib/events.ts).
 */
export function registerAdminAudit(app: FastifyInstance, audit: AuditLog, events: DomainEventBus): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith(`${ADMIN_API_PREFIX}/`) || !methods.some((m) => WRITES.has(m))) return;
    if (!route.config?.audit) throw new Error(`${methods.join(',')} ${route.url}: an admin write needs config.audit`);
  });

  app.addHook('preHandler', async (request) => {
    const spec = request.routeOptions.config.audit;
    if (!spec || spec === 'self' || !spec.read || !spec.id) return;
    const id = spec.id(request);
    if (id) request.auditBefore = await readOrNull(spec.read, id);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const spec = request.routeOptions.config?.audit;
    if (!spec || spec === 'self' || reply.statusCode >= 400 || !request.staffPrincipal) return payload;
    const data = answerData(payload);
    const id = spec.id?.(request) ?? (typeof data?.id === 'string' ? data.id : undefined);
    const after = spec.read && id ? await readOrNull(spec.read, id) : data;
    await audit.record({
      actor: request.staffPrincipal,
      action: spec.action,
      entity: spec.entity,
      entityId: id ?? null,
      before: request.auditBefore ?? null,
      after,
      requestId: request.id,
    });
    // Before the answer goes, so a caller that reads again (or waits for the jobs) sees the change.
    if (STOREFRONT_ENTITIES.has(spec.entity)) {
      await events.emit('catalog.changed', { entity: spec.entity, entityId: id ?? null });
    }
    return payload;
  });
}
