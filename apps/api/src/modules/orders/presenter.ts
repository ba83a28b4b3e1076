/**
 * Orders as the API answers them (behaviour.md §3 Order, §7 Orders): money in rupees, the
 * timeline, the shipment (http(s) tracking links only), refunds, and what the shopper may do
 * now. Lines, events and refunds of many orders are read in one query each; the returns
 * module adds the latest return and what may still be returned.
 */
import { httpUrlOrNull, orderStatusText, type Order, type OrderLine } from '@vastra/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paiseToRupees } from '../../lib/money';
import type { RefundRow } from '../payments';
import { chargeInRupees } from '../pricing';
import { CANCELLABLE, PACKED_OR_AFTER } from './lifecycle';
import type { LineReturns, ReturnSummary, ReturnsView } from './ports';
import { orderEvents, orderItems, type OrderEventRow, type OrderItemRow, type OrderRow } from './tables';

export type PresenterDeps = {
  db: Db;
  /** Every refund of these orders, oldest first (payments module). */
  refundsOf: (orderIds: string[]) => Promise<RefundRow[]>;
  /** Turns a stored media path into an absolute URL. */
  mediaUrl: (path: string) => string;
  /** The returns module's view: the latest return, what may still be returned, the window. */
  returns: ReturnsView;
};

export class OrderPresenter {
  constructor(private readonly deps: PresenterDeps) {}

  async one(row: OrderRow): Promise<Order> {
    const [order] = await this.many([row]);
    return order!;
  }

  /** Orders as answered, with the lines, events and refunds of all of them read in one query each. */
  async many(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const { db } = this.deps;
    const items = await db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.position));
    const events = await db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt));
    const refundRows = await this.deps.refundsOf(ids);
    const summaries = await this.deps.returns.summariesOf(rows, items);
    return rows.map((row) =>
      this.order(
        row,
        items.filter((i) => i.orderId === row.id),
        events.filter((e) => e.orderId === row.id),
        refundRows.filter((f) => f.orderId === row.id),
        summaries?.get(row.id) ?? null,
      ),
    );
  }

  private order(
    row: OrderRow,
    items: OrderItemRow[],
    events: OrderEventRow[],
    refundRows: RefundRow[],
    returns: ReturnSummary | null,
  ): Order {
    const r = paiseToRupees;
    const lines = items.map((i) => this.line(i, returns?.items.get(i.id)));
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      statusLabel: orderStatusText(row.status, lines),
      paymentStatus: row.paymentStatus,
      paymentGateway: row.paymentGateway,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      items: lines,
      shippingAddress: row.shippingAddress,
      coupon: row.couponCode ? { code: row.couponCode, discountAmount: r(row.discountPaise) } : null,
      additionalCoupon: row.giftCardCode ? { code: row.giftCardCode, amount: r(row.giftCardPaise) } : null,
      subtotal: r(row.subtotalPaise),
      discountAmount: r(row.discountPaise),
      shippingAmount: r(row.shippingPaise),
      codFee: r(row.codFeePaise),
      charges: row.charges.map(chargeInRupees),
      taxableAmount: r(row.taxablePaise),
      totalTax: r(row.taxPaise),
      taxes: row.taxes.map((t) => ({ name: t.name, rate: t.rate, amount: r(t.amountPaise) })),
      placeOfSupply: row.placeOfSupply,
      interState: row.placeOfSupply !== row.storeState,
      buyerGstin: row.buyerGstin,
      buyerBusinessName: row.buyerBusinessName,
      pricesIncludeTax: row.pricesIncludeTax,
      locale: row.locale,
      totalAmount: r(row.totalPaise),
      giftCardAmount: r(row.giftCardPaise),
      walletAmount: r(row.walletPaise),
      amountPayable: r(row.payablePaise),
      paidAt: row.paidAt?.toISOString() ?? null,
      paymentUrl: row.paymentStatus === 'pending' && row.status === 'pending_payment' ? row.paymentUrl : null,
      paymentExpiresAt: row.paymentExpiresAt?.toISOString() ?? null,
      timeline: events.map((e) => ({ status: e.status, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
      shipment:
        row.courier && row.awb
          ? {
              courier: row.courier,
              awb: row.awb,
              // Stored before links were checked, a non-http(s) link is not passed on.
              trackingUrl: httpUrlOrNull(row.trackingUrl),
              shippedAt: row.shippedAt?.toISOString() ?? null,
              estimatedDelivery: row.estimatedDeliveryAt?.toISOString() ?? null,
              deliveredAt: row.deliveredAt?.toISOString() ?? null,
            }
          : null,
      cancelReason: row.cancelReason,
      returnRequest: returns?.returnRequest ?? null,
      refunds: refundRows.map((f) => ({
        id: f.id,
        amount: r(f.amountPaise),
        method: f.method,
        status: f.status,
        returnRequestId: f.returnRequestId,
        createdAt: f.createdAt.toISOString(),
        updatedAt: f.updatedAt.toISOString(),
      })),
      refundedAmount: r(refundRows.filter((f) => f.status === 'completed').reduce((sum, f) => sum + f.amountPaise, 0)),
      canCancel: CANCELLABLE.has(row.status),
      canReturn: returns?.canReturn ?? false,
      canDelete: row.status === 'payment_failed' || row.status === 'cancelled',
      returnableUntil: returns?.returnableUntil ?? null,
      // Cash on delivery: invoiced when packed, to go in the parcel; "payable on delivery" until collected.
      invoiceAvailable:
        row.paymentStatus === 'completed' || (row.paymentGateway === 'cod' && PACKED_OR_AFTER.has(row.status)),
    };
  }

  private line(i: OrderItemRow, returns: LineReturns | undefined): OrderLine {
    const r = paiseToRupees;
    return {
      id: i.id,
      productId: i.productId,
      variantId: i.variantId,
      quantity: i.quantity,
      name: i.name,
      brand: i.brand,
      sku: i.sku,
      size: i.size,
      color: i.color,
      hsnCode: i.hsnCode,
      image: i.image ? this.deps.mediaUrl(i.image) : null,
      unitPrice: r(i.unitPricePaise),
      mrp: r(i.mrpPaise),
      lineSubtotal: r(i.lineSubtotalPaise),
      discount: r(i.discountPaise),
      taxableValue: r(i.taxablePaise),
      taxRate: i.taxRateBasisPoints / 100,
      cgst: r(i.cgstPaise),
      sgst: r(i.sgstPaise),
      igst: r(i.igstPaise),
      tax: r(i.taxPaise),
      total: r(i.totalPaise),
      returnable: returns?.returnable ?? false,
      returnableQuantity: returns?.returnableQuantity ?? 0,
      returnedQuantity: returns?.returnedQuantity ?? 0,
    };
  }
}
