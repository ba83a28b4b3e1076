/**
 * Domain events (docs/architecture.md "Domain events"): what happened in one module that others
 * act on, told through one typed bus created before any module. A module publishes with `emit`;
 * the modules that care subscribe with `on`, each under a name (the subscribers test lists
 * them). No module holds a listener slot of another.
 *
 * The bus lives in this process's memory: subscribers run in the publisher's call, in the order
 * they subscribed, each awaited. Of an event told inside the publisher's transaction, the first
 * subscriber that throws stops the rest and rejects `emit` (so the transaction rolls back). Of an
 * event told after the commit (TOLD_AFTER_COMMIT), each subscriber runs whatever the others do
 * (one module's failure must not cost another its work: the courier's cancellation, a shopper's
 * message), and `emit` then rejects with the first failure. What must reach other instances or survive a
 * crash is queued by its subscriber as a job (lib/jobs), or broadcast by the catalogue's change
 * bus; never kept here.
 */
import type { Db } from '../db/client';

/** The payload of each event; ids and plain values only, except the transaction of `payment.settled`. */
export type DomainEvents = {
  /** An order was placed and committed (payment pending or cash on delivery), by shopper `userId`. */
  'order.placed': { orderId: string; userId: string };
  /**
   * An order moved to another status, committed. `storeStep`: moved by a store step (packed,
   * shipped, delivered, a return's steps, cash collected), false for a cancellation.
   */
  'order.status_changed': { orderId: string; status: string; storeStep: boolean };
  /**
   * A gateway's news settled a payment (completed or failed), told inside the transaction that
   * applies it: subscribers write with `db`, and may leave work for after the commit.
   */
  'payment.settled': {
    db: Db;
    orderId: string;
    status: 'completed' | 'failed';
    source: string;
    afterCommit: (work: () => Promise<void>) => void;
  };
  /** A refund asked of a gateway reached a final status (committed). */
  'refund.changed': { refundId: string; orderId: string; status: 'completed' | 'failed'; amountPaise: number };
  /**
   * What the storefront shows changed through the admin or an import (before the admin's answer
   * goes): `entity` is one of STOREFRONT_ENTITIES, `entityId` when one record changed.
   */
  'catalog.changed': { entity: string; entityId: string | null };
  /**
   * Stock of these products changed (a sale, cancellation, return or stock edit), told inside
   * the caller's transaction; `cameBack`: some size got pieces back.
   */
  'stock.changed': { productIds: string[]; cameBack: boolean };
  /**
   * A review was posted, hidden or shown again (its product's rating changed), or a reviewer
   * renamed themselves (`productId` null: any product's reviews), told inside the caller's transaction.
   */
  'review.changed': { productId: string | null };
};

export type DomainEventName = keyof DomainEvents;

/** The events told once the publisher's work is committed: their subscribers are independent of one another. */
export const TOLD_AFTER_COMMIT: ReadonlySet<DomainEventName> = new Set([
  'order.placed',
  'order.status_changed',
  'refund.changed',
  'catalog.changed',
]);

/** The audit log's entities whose admin writes change what the storefront shows (`catalog.changed`). */
export const STOREFRONT_ENTITIES: ReadonlySet<string> = new Set([
  'product',
  'variant',
  'review',
  'category',
  'collection',
  'homepage',
  'homepage-section',
  'search-synonym',
  'coupon',
  'store-settings',
  'tax-rate',
  'policy',
]);

/** A subscriber of event `E`: runs in the publisher's call (see the file's comment). */
export type DomainEventHandler<E extends DomainEventName> = (payload: DomainEvents[E]) => Promise<void> | void;

type Subscription = { name: string; handler: (payload: never) => Promise<void> | void };

/** The one bus of an app or worker; create it first and hand it to every module. */
export class DomainEventBus {
  private readonly subscriptions = new Map<DomainEventName, Subscription[]>();

  /**
   * Subscribes `handler` to `event` under `subscriber` ("module: what it does"). Throws when
   * the same subscriber subscribes twice to one event (a wire made twice).
   */
  on<E extends DomainEventName>(event: E, subscriber: string, handler: DomainEventHandler<E>): void {
    const list = this.subscriptions.get(event) ?? [];
    if (list.some((s) => s.name === subscriber)) throw new Error(`${subscriber} already subscribes to ${event}`);
    list.push({ name: subscriber, handler: handler as Subscription['handler'] });
    this.subscriptions.set(event, list);
  }

  /**
   * Tells the subscribers of `event`, one after another, and rejects with the first failure as
   * it was thrown: at once for an event told inside a transaction, after every subscriber ran
   * for one told after the commit (TOLD_AFTER_COMMIT).
   */
  async emit<E extends DomainEventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const failures: unknown[] = [];
    for (const { handler } of this.subscriptions.get(event) ?? []) {
      try {
        await (handler as DomainEventHandler<E>)(payload);
      } catch (err) {
        if (!TOLD_AFTER_COMMIT.has(event)) throw err;
        failures.push(err);
      }
    }
    if (failures.length > 0) throw failures[0];
  }

  /** Each event's subscribers by name, in the order they run. */
  subscribers(): Partial<Record<DomainEventName, string[]>> {
    return Object.fromEntries([...this.subscriptions].map(([event, list]) => [event, list.map((s) => s.name)]));
  }
}
