/**
 * A failed delivery attempt (NDR, docs/behaviour.md "Courier updates: NDR and RTO"): the
 * shopper's view of it on their order page, their answer (a new attempt, optionally on one of
 * the next days and/or at another phone number) sent to the courier's NDR action and recorded
 * once per attempt, and the admin's list of orders waiting in NDR with the reason and the answer.
 */
import {
  COURIER_MESSAGES,
  NDR_MAX_DAYS_AHEAD,
  type AdminNdrRow,
  type DeliveryUpdates,
  type NdrAnswer,
} from '@vastra/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ConflictError, ValidationError } from '../../lib/errors';
import { istDay } from '../../lib/india-time';
import type { CourierOrderQueries, OrdersService } from '../orders';
import type { CourierEventsService } from './courier-events';
import type { NdrActions } from './ndr-actions';
import { courierEvents, ndrRequests, type CourierEventRow, type NdrRequestRow } from './tables';

const DAY_MS = 86_400_000;

export type NdrDeps = {
  db: Db;
  orders: Pick<OrdersService, 'get'>;
  courierOrders: Pick<CourierOrderQueries, 'inStatus'>;
  events: Pick<CourierEventsService, 'timeline'>;
  actions: NdrActions;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/** The shopper's answer: a day (YYYY-MM-DD) and/or another phone number (10 digits), and a note. */
export type NdrAnswerInput = { preferredDate?: string | null; phone?: string | null; note?: string | null };

function answerOf(row: NdrRequestRow): NdrAnswer {
  return {
    preferredDate: row.preferredDate,
    phoneEnding: row.phone ? row.phone.slice(-4) : null,
    status: row.status,
    at: row.createdAt.toISOString(),
  };
}

export class NdrService {
  constructor(private readonly deps: NdrDeps) {}

  /** The days a shopper may ask for: the next NDR_MAX_DAYS_AHEAD days in India, from tomorrow. */
  dates(): string[] {
    const now = this.deps.now?.() ?? new Date();
    return Array.from({ length: NDR_MAX_DAYS_AHEAD }, (_, i) => istDay(new Date(now.getTime() + (i + 1) * DAY_MS)));
  }

  /** The order's failed attempts (courier events that meant `undelivered`), newest first. */
  private async attempts(orderIds: string[]): Promise<CourierEventRow[]> {
    if (orderIds.length === 0) return [];
    return this.deps.db
      .select()
      .from(courierEvents)
      .where(and(inArray(courierEvents.orderId, orderIds), eq(courierEvents.mappedStatus, 'undelivered')))
      .orderBy(desc(courierEvents.occurredAt));
  }

  private async answers(eventIds: string[]): Promise<Map<string, NdrRequestRow>> {
    if (eventIds.length === 0) return new Map();
    const rows = await this.deps.db.select().from(ndrRequests).where(inArray(ndrRequests.attemptEventId, eventIds));
    return new Map(rows.map((r) => [r.attemptEventId, r]));
  }

  /**
   * The caller's order's courier events and, while it waits for a new attempt (`undelivered`),
   * the latest failed attempt: its reason, how many there were, the days to choose from and
   * the answer given. NotFoundError for someone else's order.
   */
  async updates(userId: string, orderId: string): Promise<DeliveryUpdates> {
    const order = await this.deps.orders.get(userId, orderId);
    const events = await this.deps.events.timeline(order.id);
    if (order.status !== 'undelivered') return { events, ndr: null };
    const attempts = await this.attempts([order.id]);
    const latest = attempts[0];
    if (!latest) return { events, ndr: null };
    const answer = (await this.answers([latest.id])).get(latest.id) ?? null;
    return {
      events,
      ndr: {
        open: answer === null,
        reason: latest.activity,
        attemptedAt: latest.occurredAt.toISOString(),
        attempts: attempts.length,
        dates: this.dates(),
        answer: answer ? answerOf(answer) : null,
      },
    };
  }

  /**
   * Sends the shopper's answer to the latest failed attempt to the courier as a re-attempt
   * (Shiprocket's `comments` say the day and the number; `phone` carries the number) and records
   * it, once per attempt (claimed before sending, so two answers at once send one). A courier
   * that refuses or cannot be reached leaves the answer recorded as `failed` for the store
   * (the NDR list) to pass on. NotFoundError for someone else's order; ConflictError(ndrNotOpen)
   * unless the order waits in NDR; ConflictError(ndrAlreadyAnswered); ValidationError(ndrDateInvalid)
   * for a day outside the next NDR_MAX_DAYS_AHEAD.
   */
  async answer(userId: string, orderId: string, input: NdrAnswerInput): Promise<NdrAnswer> {
    const order = await this.deps.orders.get(userId, orderId);
    const awb = order.shipment?.awb;
    if (order.status !== 'undelivered' || !awb) throw new ConflictError(COURIER_MESSAGES.ndrNotOpen);
    const [latest] = await this.attempts([order.id]);
    if (!latest) throw new ConflictError(COURIER_MESSAGES.ndrNotOpen);
    const preferredDate = input.preferredDate ?? null;
    if (preferredDate && !this.dates().includes(preferredDate)) {
      throw new ValidationError(COURIER_MESSAGES.ndrDateInvalid);
    }
    const phone = input.phone ?? null;
    const note = input.note?.trim() || null;
    const comments = [
      preferredDate
        ? `Customer asks for a new delivery attempt on ${preferredDate}`
        : 'Customer asks for a new delivery attempt',
      phone ? `call ${phone}` : null,
      note,
    ]
      .filter(Boolean)
      .join('; ');
    const [claimed] = await this.deps.db
      .insert(ndrRequests)
      .values({
        orderId: order.id,
        userId,
        attemptEventId: latest.id,
        awb,
        action: 're-attempt',
        preferredDate,
        phone,
        comments,
        status: 'sent',
      })
      .onConflictDoNothing({ target: ndrRequests.attemptEventId })
      .returning();
    if (!claimed) throw new ConflictError(COURIER_MESSAGES.ndrAlreadyAnswered);
    try {
      await this.deps.actions.send(awb, { action: 're-attempt', comments, ...(phone ? { phone } : {}) });
      return answerOf(claimed);
    } catch (err) {
      this.deps.log.error({ err, orderId: order.id, awb }, 'NDR action could not be sent to the courier');
      const [failed] = await this.deps.db
        .update(ndrRequests)
        .set({ status: 'failed' })
        .where(eq(ndrRequests.id, claimed.id))
        .returning();
      return answerOf(failed ?? claimed);
    }
  }

  /** The orders waiting in NDR, the longest waiting first: the reason, the attempts and the shopper's answer. */
  async adminList(): Promise<AdminNdrRow[]> {
    const orders = await this.deps.courierOrders.inStatus('undelivered');
    const attempts = await this.attempts(orders.map((o) => o.id));
    const latest = new Map<string, CourierEventRow>();
    const counts = new Map<string, number>();
    for (const a of attempts) {
      if (!a.orderId) continue;
      if (!latest.has(a.orderId)) latest.set(a.orderId, a);
      counts.set(a.orderId, (counts.get(a.orderId) ?? 0) + 1);
    }
    const answers = await this.answers([...latest.values()].map((a) => a.id));
    return orders.map((o) => {
      const attempt = latest.get(o.id);
      const answer = attempt ? answers.get(attempt.id) : undefined;
      return {
        orderId: o.id,
        orderNumber: o.orderNumber,
        awb: o.awb,
        courier: o.courier,
        paymentGateway: o.paymentGateway,
        reason: attempt?.activity ?? null,
        attemptedAt: attempt?.occurredAt.toISOString() ?? null,
        attempts: counts.get(o.id) ?? 0,
        answer: answer
          ? {
              preferredDate: answer.preferredDate,
              phone: answer.phone,
              note: answer.comments,
              status: answer.status,
              at: answer.createdAt.toISOString(),
            }
          : null,
      };
    });
  }
}
