/**
 * Grievances (behaviour.md "Grievances"): anyone lodges one (a signed-in shopper's order must be
 * their own, a guest's must have been placed with the email given) and is answered at once with
 * its number and status `acknowledged`, then mailed the number and the resolve-by date. The store
 * moves it to in progress, then resolves or rejects it with a text the complainant reads (mailed
 * too). The complainant sees it on their account or by number and email; anyone else gets 404.
 */
import {
  GRIEVANCE_MESSAGES,
  OPEN_GRIEVANCE_STATUSES,
  type AdminGrievance,
  type Grievance,
  type GrievanceLodgeBody,
  type GrievanceLookupBody,
  type GrievanceStatus,
  type GrievanceStatusBody,
} from '@vastra/contracts';
import { and, count, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Jobs } from '../../lib/jobs';
import type { OrdersService } from '../orders';
import type { UsersService } from '../users';
import { acknowledgeByOf, daysLeft, grievanceNumber, resolveByOf } from './clocks';
import { GRIEVANCE_MAIL_JOB, type GrievanceMailJob } from './jobs';
import { grievances, type GrievanceRow } from './tables';

export type GrievancesDeps = {
  db: Db;
  orders: Pick<OrdersService, 'findRef'>;
  users: Pick<UsersService, 'contactOf'>;
  jobs: Pick<Jobs, 'send'>;
};

/** The admin queue's filter (GRIEVANCE_QUEUE_FILTERS) and page. */
export type GrievanceQueueQuery = { filter: 'open' | 'overdue' | 'all'; page: number; perPage: number };

/** The statuses a change may start from. */
const FROM: Record<Exclude<GrievanceStatus, 'acknowledged'>, readonly GrievanceStatus[]> = {
  in_progress: ['acknowledged'],
  resolved: OPEN_GRIEVANCE_STATUSES,
  rejected: OPEN_GRIEVANCE_STATUSES,
};

/** A row as its complainant sees it (times ISO 8601). */
export function grievanceOut(row: GrievanceRow): Grievance {
  return {
    number: row.number,
    category: row.category,
    description: row.description,
    orderNumber: row.orderNumber,
    status: row.status,
    lodgedAt: row.lodgedAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt.toISOString(),
    acknowledgeBy: row.acknowledgeBy.toISOString(),
    resolveBy: row.resolveBy.toISOString(),
    resolution: row.resolution,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

const isOpen = (status: GrievanceStatus) => (OPEN_GRIEVANCE_STATUSES as readonly GrievanceStatus[]).includes(status);

/** A row as the admin sees it, with the days left at `now` and whether it is overdue. */
export function adminGrievanceOut(row: GrievanceRow, now = new Date()): AdminGrievance {
  const open = isOpen(row.status);
  return {
    ...grievanceOut(row),
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderId: row.orderId,
    userId: row.userId,
    daysLeft: open ? daysLeft(row.resolveBy, now) : null,
    overdue: open && row.resolveBy < now,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class GrievancesService {
  constructor(private readonly deps: GrievancesDeps) {}

  /**
   * Lodges a grievance by `userId` (null: a guest): numbered from the sequence, acknowledged at
   * once, the acknowledgement mail queued. ValidationError(orderNotYours) when a signed-in
   * shopper names an order not theirs, ValidationError(orderEmailMismatch) when a guest names one
   * not placed with their email (or no such order).
   */
  async lodge(userId: string | null, input: GrievanceLodgeBody): Promise<Grievance> {
    const order = input.orderNumber ? await this.orderOf(userId, input.orderNumber, input.email) : null;
    const lodgedAt = new Date();
    const [next] = await queryRows<{ n: number }>(this.deps.db, sql`SELECT nextval('grievance_number_seq')::int AS n`);
    const [row] = await this.deps.db
      .insert(grievances)
      .values({
        number: grievanceNumber(lodgedAt, next!.n),
        userId,
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        category: input.category,
        description: input.description,
        locale: input.locale,
        lodgedAt,
        acknowledgedAt: lodgedAt,
        acknowledgeBy: acknowledgeByOf(lodgedAt),
        resolveBy: resolveByOf(lodgedAt),
        updatedAt: lodgedAt,
      })
      .returning();
    await this.deps.jobs.send<GrievanceMailJob>(GRIEVANCE_MAIL_JOB, { grievanceId: row!.id, mail: 'acknowledged' });
    return grievanceOut(row!);
  }

  /** The order a grievance names, checked against the complainant (see `lodge`). */
  private async orderOf(userId: string | null, ref: string, email: string) {
    const order = await this.deps.orders.findRef(ref).catch((err: unknown) => {
      if (err instanceof NotFoundError) return null;
      throw err;
    });
    if (userId) {
      if (!order || order.userId !== userId) throw new ValidationError(GRIEVANCE_MESSAGES.orderNotYours);
      return order;
    }
    const owner = order ? await this.deps.users.contactOf(order.userId) : null;
    if (!order || owner?.email?.toLowerCase() !== email)
      throw new ValidationError(GRIEVANCE_MESSAGES.orderEmailMismatch);
    return order;
  }

  /** The signed-in shopper's grievances, newest first. */
  async mine(userId: string): Promise<Grievance[]> {
    const rows = await this.deps.db
      .select()
      .from(grievances)
      .where(eq(grievances.userId, userId))
      .orderBy(desc(grievances.lodgedAt))
      .limit(100);
    return rows.map(grievanceOut);
  }

  /** One grievance by its number and the email it was lodged with; NotFoundError(notFound) otherwise. */
  async lookup({ number, email }: GrievanceLookupBody): Promise<Grievance> {
    const [row] = await this.deps.db
      .select()
      .from(grievances)
      .where(and(eq(grievances.number, number), sql`lower(${grievances.email}) = ${email}`));
    if (!row) throw new NotFoundError(GRIEVANCE_MESSAGES.notFound);
    return grievanceOut(row);
  }

  /** The row by id (the mail job, the admin); NotFoundError(notFound). */
  async row(id: string): Promise<GrievanceRow> {
    const [row] = isUuid(id) ? await this.deps.db.select().from(grievances).where(eq(grievances.id, id)) : [];
    if (!row) throw new NotFoundError(GRIEVANCE_MESSAGES.notFound);
    return row;
  }

  /** The admin queue: open ones by resolve-by (soonest first), or every one newest first. */
  async queue({ filter, page, perPage }: GrievanceQueueQuery): Promise<{ rows: AdminGrievance[]; total: number }> {
    const now = new Date();
    const conditions: SQL[] = [];
    if (filter !== 'all') conditions.push(inArray(grievances.status, [...OPEN_GRIEVANCE_STATUSES]));
    if (filter === 'overdue') conditions.push(lt(grievances.resolveBy, now));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [total]] = await Promise.all([
      this.deps.db
        .select()
        .from(grievances)
        .where(where)
        .orderBy(...(filter === 'all' ? [desc(grievances.lodgedAt)] : [grievances.resolveBy]), desc(grievances.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.deps.db.select({ n: count() }).from(grievances).where(where),
    ]);
    return { rows: rows.map((r) => adminGrievanceOut(r, now)), total: Number(total?.n ?? 0) };
  }

  /** One grievance for the admin; NotFoundError(notFound). */
  async adminGet(id: string): Promise<AdminGrievance> {
    return adminGrievanceOut(await this.row(id));
  }

  /**
   * The store's change: in progress (from acknowledged), or resolved / rejected (from an open
   * status) with the resolution the complainant reads, mailed to them. One conditional update,
   * so two staff closing it at once cannot both succeed. NotFoundError; ConflictError when the
   * grievance is already in progress (for in_progress) or closed.
   */
  async setStatus(id: string, body: GrievanceStatusBody): Promise<AdminGrievance> {
    const current = await this.row(id);
    const now = new Date();
    const closing = body.status !== 'in_progress';
    const [row] = await this.deps.db
      .update(grievances)
      .set({
        status: body.status,
        updatedAt: now,
        ...(closing ? { resolution: body.resolution, closedAt: now } : {}),
      })
      .where(and(eq(grievances.id, current.id), inArray(grievances.status, [...FROM[body.status]])))
      .returning();
    if (!row) {
      const latest = await this.row(id);
      throw new ConflictError(
        isOpen(latest.status) ? GRIEVANCE_MESSAGES.alreadyInProgress : GRIEVANCE_MESSAGES.alreadyClosed,
      );
    }
    if (closing)
      await this.deps.jobs.send<GrievanceMailJob>(GRIEVANCE_MAIL_JOB, { grievanceId: row.id, mail: 'closed' });
    return adminGrievanceOut(row, now);
  }
}
