/**
 * Booking an order's shipment with a courier (behaviour.md "Shipping operations: booking"), one
 * named step after another (lib/steps.ts):
 *
 *   check the order → claim the shipment row → check the order again → choose the courier
 *   → create the provider's order → assign the AWB → pack the order with courier, AWB and
 *   tracking link (one transaction)
 *
 * The claim (shipment-store.ts) makes two clicks, two staff members or two instances book an
 * order once. What each provider step returns is saved at once, so a retry after a failure
 * (Shiprocket down, the order cancelled meanwhile) goes on from the step that failed and never
 * creates a second Shiprocket order. A failure leaves the order as it was and the shipment
 * `failed` with the reason; no step is undone, because none needs it.
 */
import {
  BOOKABLE_ORDER_STATUSES,
  SHIPMENT_MESSAGES,
  type Order,
  type OrderStatus,
  type ShipmentResult,
} from '@vastra/contracts';
import { AppError } from '../../lib/errors';
import { runSteps } from '../../lib/steps';
import type { BookingParcel, CourierOption } from './booker';
import { ShiprocketError } from './shiprocket-client';
import type { BookingDeps } from './booking-types';
import type { ShipmentRow } from './tables';

/** What a booking carries from step to step. */
type BookingContext = { order: Order; actor: string; shipment: ShipmentRow; courier: CourierOption | null };

/** The steps from an order's status to `packed`. */
const TO_PACKED: Partial<Record<OrderStatus, OrderStatus[]>> = {
  placed: ['confirmed', 'packed'],
  confirmed: ['packed'],
  packed: [],
};

/** A parcel of clothes: 0.5 kg for the first piece and 0.25 kg for each next, in a 30 × 25 cm mailer. */
function parcelSize(units: number): Pick<BookingParcel, 'lengthCm' | 'breadthCm' | 'heightCm' | 'weightKg'> {
  return {
    lengthCm: 30,
    breadthCm: 25,
    heightCm: Math.min(5 + 2 * (units - 1), 30),
    weightKg: Math.round((0.5 + 0.25 * (units - 1)) * 100) / 100,
  };
}

/** The owner-facing reason of a failed step: the store's own messages and Shiprocket's refusals as they are. */
function reasonOf(err: unknown): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof ShiprocketError && err.status < 500 && err.reason) return `Shiprocket: ${err.reason}`;
  return SHIPMENT_MESSAGES.providerFailed;
}

export class ShipmentBooking {
  constructor(private readonly deps: BookingDeps) {}

  /**
   * Books each order in turn; the result per order (booked with AWB and courier, or failed
   * with the reason). An order booked before answers its booking again, untouched.
   */
  async bookMany(orderIds: readonly string[], actor: string): Promise<ShipmentResult[]> {
    const results: ShipmentResult[] = [];
    for (const id of orderIds) results.push(await this.book(id, actor));
    return results;
  }

  /** Books one order (see the file's comment); never throws for a refusal, answers it as a failed result. */
  async book(orderId: string, actor: string): Promise<ShipmentResult> {
    const { orders, store, log } = this.deps;
    let order: Order;
    try {
      order = await orders.getById(orderId);
    } catch (err) {
      return { orderId, orderNumber: null, ok: false, awb: null, courierName: null, message: reasonOf(err) };
    }
    const failed = (message: string): ShipmentResult => ({
      orderId,
      orderNumber: order.orderNumber,
      ok: false,
      awb: null,
      courierName: null,
      message,
    });
    const existing = await store.byOrder(orderId);
    // A shipment cancelled with its order is never booked again (nor answered as booked).
    if (existing?.status === 'cancelling' || existing?.status === 'cancelled') {
      return failed(SHIPMENT_MESSAGES.notBookable);
    }
    if (existing && existing.status !== 'booking' && existing.status !== 'failed') {
      return { ...failed(''), ok: true, awb: existing.awb, courierName: existing.courierName, message: null };
    }
    if (!(BOOKABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      return failed(SHIPMENT_MESSAGES.notBookable);
    }
    if (order.paymentGateway !== 'cod' && order.paymentStatus !== 'completed') return failed(SHIPMENT_MESSAGES.unpaid);
    const shipment = await store.claim(orderId, this.deps.booker.provider);
    if (!shipment) return failed(SHIPMENT_MESSAGES.inProgress);
    const ctx: BookingContext = { order, actor, shipment, courier: null };
    try {
      await runSteps(ctx, [
        { name: 'check order again', run: (c) => this.checkStillBookable(c) },
        { name: 'choose courier', run: (c) => this.chooseCourier(c) },
        { name: 'create order', run: (c) => this.createOrder(c) },
        { name: 'assign AWB', run: (c) => this.assignAwb(c) },
        { name: 'pack order', run: (c) => this.packOrder(c) },
      ]);
    } catch (err) {
      const message = reasonOf(err);
      if (!(err instanceof AppError)) log.warn({ err, orderId }, 'shipment booking failed');
      await store.update(shipment.id, { status: 'failed', lastError: message });
      return failed(message);
    }
    return {
      orderId,
      orderNumber: order.orderNumber,
      ok: true,
      awb: ctx.shipment.awb,
      courierName: ctx.shipment.courierName,
      message: null,
    };
  }

  /**
   * Reads the order again once the claim is held: an order cancelled between the first read and
   * the claim would otherwise be booked at Shiprocket, while its cancellation, seeing no shipment
   * yet, queued nothing to cancel it there. One cancelled after the claim sees the claim.
   */
  private async checkStillBookable(ctx: BookingContext): Promise<void> {
    ctx.order = await this.deps.orders.getById(ctx.order.id);
    if (!(BOOKABLE_ORDER_STATUSES as readonly string[]).includes(ctx.order.status)) {
      throw new AppError(409, SHIPMENT_MESSAGES.notBookable);
    }
  }

  /** The owner's preferred courier when it serves the pincode, else the cheapest; none serving fails the booking. */
  private async chooseCourier(ctx: BookingContext): Promise<void> {
    if (ctx.shipment.awb) return;
    const { booker, preferredCourier, storePincode } = this.deps;
    const units = ctx.order.items.reduce((n, i) => n + i.quantity, 0);
    const couriers = await booker.couriers(
      storePincode,
      ctx.order.shippingAddress.postalCode,
      parcelSize(units).weightKg,
      ctx.order.paymentGateway === 'cod',
    );
    if (couriers.length === 0) throw new AppError(422, SHIPMENT_MESSAGES.unserviceable);
    const preferred = (await preferredCourier())?.trim().toLowerCase();
    ctx.courier =
      (preferred && couriers.find((c) => c.name.trim().toLowerCase() === preferred)) ||
      couriers.reduce((best, c) => (c.rateRupees < best.rateRupees ? c : best));
  }

  /** The provider's order, once: a retry uses the one created before. */
  private async createOrder(ctx: BookingContext): Promise<void> {
    if (ctx.shipment.providerShipmentId) return;
    const { order } = ctx;
    const row = await this.deps.orders.findRef(order.id);
    const contact = await this.deps.contactOf(row.userId);
    const a = order.shippingAddress;
    const units = order.items.reduce((n, i) => n + i.quantity, 0);
    const cod = order.paymentGateway === 'cod';
    const created = await this.deps.booker.createOrder({
      orderNumber: order.orderNumber,
      placedAt: new Date(order.createdAt),
      paymentMethod: cod ? 'COD' : 'Prepaid',
      customer: {
        firstName: a.firstName,
        lastName: a.lastName,
        street: a.street,
        city: a.city,
        state: a.state,
        pincode: a.postalCode,
        phone: a.phone,
        email: contact?.email ?? '',
      },
      items: order.items.map((i) => ({
        name: `${i.name} (${i.size})`,
        sku: i.sku,
        units: i.quantity,
        sellingPriceRupees: i.unitPrice,
        hsn: i.hsnCode,
      })),
      // Cash on delivery: what the courier collects; prepaid: the order's value.
      subTotalRupees: cod ? order.amountPayable : order.totalAmount,
      ...parcelSize(units),
    });
    ctx.shipment = await this.deps.store.update(ctx.shipment.id, {
      providerOrderId: created.providerOrderId,
      providerShipmentId: created.shipmentId,
    });
  }

  private async assignAwb(ctx: BookingContext): Promise<void> {
    if (ctx.shipment.awb) return;
    const courier = ctx.courier!;
    const { awb, courierName } = await this.deps.booker.assignAwb(ctx.shipment.providerShipmentId!, courier.id);
    ctx.shipment = await this.deps.store.update(ctx.shipment.id, {
      courierId: courier.id,
      courierName: courierName || courier.name,
      awb,
      trackingUrl: this.deps.booker.trackingUrl(awb),
    });
  }

  /** Packs the order (confirming it first when placed) with the shipment, and marks the shipment booked. */
  private async packOrder(ctx: BookingContext): Promise<void> {
    const { orders, store, db } = this.deps;
    const { shipment, order } = ctx;
    const current = await orders.getById(order.id);
    const steps = TO_PACKED[current.status];
    if (!steps) throw new AppError(409, SHIPMENT_MESSAGES.notBookable);
    const details = { courier: shipment.courierName!, awb: shipment.awb!, trackingUrl: shipment.trackingUrl };
    await db.transaction(async (tx) => {
      for (const step of steps) {
        await orders.transition(tx, order.id, step, {
          actor: ctx.actor,
          note: step === 'packed' ? `${details.courier} AWB ${details.awb}` : null,
          ...(step === 'packed' ? { shipment: details } : {}),
        });
      }
      if (steps.length === 0) await orders.recordShipment(tx, order.id, details);
      ctx.shipment = await store.update(shipment.id, { status: 'booked', lastError: null, bookedAt: new Date() }, tx);
    });
    if (steps.includes('confirmed')) await orders.notify(order.id, 'confirmed');
    if (steps.length > 0) await orders.storeStepDone(order.id, 'packed');
  }
}
