/**
 * The store's reads of orders for the admin (docs/admin.md): the order list with its filters
 * and search, and the dashboard's figures. Money in paise, summed in the database as exact
 * integers; days and months are Indian (IST) days.
 */
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@vastra/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { istDay, istDayStart } from '../../lib/india-time';
import { orderEvents, orderItems, orders } from './tables';

export type AdminOrderFilter = {
  status?: OrderStatus[];
  paymentGateway?: PaymentMethod;
  paymentStatus?: PaymentStatus;
  /** Placed on or after this instant, and before `to`. */
  from?: Date;
  to?: Date;
  /** The delivery state's name. */
  state?: string;
  pincode?: string;
  /** Order number, AWB or the shipping phone; `userIds` adds the shoppers whose email or phone matched. */
  q?: string;
  userIds?: string[];
  /** Only these orders. */
  ids?: string[];
  page: number;
  perPage: number;
};

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  userId: string;
  createdAt: string;
  status: OrderStatus;
  paymentGateway: PaymentMethod;
  paymentStatus: PaymentStatus;
  customerName: string;
  phone: string;
  city: string;
  state: string;
  pincode: string;
  itemCount: number;
  totalPaise: number;
  awb: string | null;
};

/** Statuses that are not a sale: never paid, or cancelled. */
const NOT_SOLD: OrderStatus[] = ['pending_payment', 'payment_failed', 'cancelled'];
const DAY_MS = 86_400_000;
/** The Indian day of a timestamp column, as YYYY-MM-DD (no time zone data needed). */
const istDayOf = sql<string>`to_char((${orders.createdAt} AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;

export type SalesFigures = { orders: number; revenuePaise: number; gstPaise: number };

export type OrdersDashboard = {
  today: SalesFigures;
  month: SalesFigures;
  /** The last 30 Indian days, oldest first, every day present. */
  salesPerDay: (SalesFigures & { day: string })[];
  byStatus: { status: OrderStatus; orders: number }[];
  /** Placed or confirmed more than 24 h ago and not yet packed. */
  toShip: number;
};

function searchCondition(q: string, userIds: string[]): SQL | undefined {
  const term = q.trim();
  const digits = term.replace(/\D/g, '');
  const conditions: (SQL | undefined)[] = [
    ilike(orders.orderNumber, `%${term.replace(/[%_\\]/g, '')}%`),
    eq(orders.awb, term),
  ];
  if (digits.length >= 6) conditions.push(sql`${orders.shippingAddress}->>'phone' = ${digits.slice(-10)}`);
  if (userIds.length > 0) conditions.push(inArray(orders.userId, userIds));
  return or(...conditions);
}

export class AdminOrderQueries {
  constructor(private readonly db: Db) {}

  /** A page of orders matching `filter`, newest first, with the total that match. */
  async list(filter: AdminOrderFilter): Promise<{ rows: AdminOrderRow[]; total: number }> {
    const where = and(
      filter.status?.length ? inArray(orders.status, filter.status) : undefined,
      filter.paymentGateway ? eq(orders.paymentGateway, filter.paymentGateway) : undefined,
      filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
      filter.from ? gte(orders.createdAt, filter.from) : undefined,
      filter.to ? lt(orders.createdAt, filter.to) : undefined,
      filter.state ? sql`${orders.shippingAddress}->>'state' = ${filter.state}` : undefined,
      filter.pincode ? sql`${orders.shippingAddress}->>'postalCode' = ${filter.pincode}` : undefined,
      filter.q ? searchCondition(filter.q, filter.userIds ?? []) : undefined,
      filter.ids ? inArray(orders.id, filter.ids) : undefined,
    );
    const [page, [total]] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(orders).where(where),
    ]);
    const pieces = page.length
      ? await this.db
          .select({ orderId: orderItems.orderId, n: sql<number>`sum(${orderItems.quantity})::int` })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              page.map((o) => o.id),
            ),
          )
          .groupBy(orderItems.orderId)
      : [];
    const piecesOf = new Map(pieces.map((row) => [row.orderId, Number(row.n)]));
    return {
      rows: page.map((order) => ({
        id: order.id,
        orderNumber: order.orderNumber,
        userId: order.userId,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        paymentGateway: order.paymentGateway,
        paymentStatus: order.paymentStatus,
        customerName: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
        phone: order.shippingAddress.phone,
        city: order.shippingAddress.city,
        state: order.shippingAddress.state,
        pincode: order.shippingAddress.postalCode,
        itemCount: piecesOf.get(order.id) ?? 0,
        totalPaise: order.totalPaise,
        awb: order.awb,
      })),
      total: total?.n ?? 0,
    };
  }

  /** Orders that became placed (paid online, or taken as COD) in [from, to), oldest first. */
  async placedBetween(from: Date, to: Date): Promise<AdminOrderRow[]> {
    const placed = await this.db
      .selectDistinct({ orderId: orderEvents.orderId })
      .from(orderEvents)
      .where(and(eq(orderEvents.status, 'placed'), gte(orderEvents.createdAt, from), lt(orderEvents.createdAt, to)));
    if (placed.length === 0) return [];
    const { rows } = await this.list({ page: 1, perPage: 500, ids: placed.map((p) => p.orderId) });
    return rows.reverse();
  }

  /** The dashboard's order figures at `now`. */
  async dashboard(now = new Date()): Promise<OrdersDashboard> {
    const today = istDay(now);
    const firstDay = istDayStart(today, -29);
    const sold = notInArray(orders.status, NOT_SOLD);
    const figures = {
      orders: sql<number>`count(*)::int`,
      revenuePaise: sql<number>`coalesce(sum(${orders.totalPaise}), 0)::bigint`,
      gstPaise: sql<number>`coalesce(sum(${orders.taxPaise}), 0)::bigint`,
    };
    const monthStart = istDayStart(`${today.slice(0, 7)}-01`);
    const [perDay, [month], byStatus, [toShip]] = await Promise.all([
      this.db
        .select({ day: istDayOf, ...figures })
        .from(orders)
        .where(and(sold, gte(orders.createdAt, firstDay)))
        .groupBy(istDayOf),
      this.db
        .select(figures)
        .from(orders)
        .where(and(sold, gte(orders.createdAt, monthStart))),
      this.db
        .select({ status: orders.status, orders: sql<number>`count(*)::int` })
        .from(orders)
        .groupBy(orders.status),
      this.db
        .select({ n: count() })
        .from(orders)
        .where(
          and(inArray(orders.status, ['placed', 'confirmed']), lt(orders.updatedAt, new Date(now.getTime() - DAY_MS))),
        ),
    ]);
    const asFigures = (row: { orders: number; revenuePaise: number; gstPaise: number } | undefined) => ({
      orders: Number(row?.orders ?? 0),
      revenuePaise: Number(row?.revenuePaise ?? 0),
      gstPaise: Number(row?.gstPaise ?? 0),
    });
    const byDay = new Map(perDay.map((row) => [row.day, asFigures(row)]));
    const salesPerDay = Array.from({ length: 30 }, (_, i) => {
      const day = istDay(new Date(firstDay.getTime() + i * DAY_MS));
      return { day, ...(byDay.get(day) ?? asFigures(undefined)) };
    });
    return {
      today: byDay.get(today) ?? asFigures(undefined),
      month: asFigures(month),
      salesPerDay,
      byStatus,
      toShip: toShip?.n ?? 0,
    };
  }
}
