/**
 * What follows a booking (behaviour.md "Shipping operations: booking"): one PDF of the labels,
 * or of the manifest, for the selected orders (kept in the file store, served to staff only),
 * the courier's pickup, and marking the parcels shipped after the pickup (the orders module's
 * `shipped` step: mails, WhatsApp and push follow). Orders without a booked shipment are
 * skipped with the reason.
 */
import { randomUUID } from 'node:crypto';
import {
  ADMIN_API_PREFIX,
  SHIPMENT_MESSAGES,
  type AdminShipment,
  type ShipmentDocument,
  type ShipmentResult,
} from '@vastra/contracts';
import { AppError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../lib/errors';
import type { ShipmentSummary } from './booker';
import type { BookingDeps } from './booking-types';
import type { ShipmentRow } from './tables';

const DOCUMENT_KEY = /^[0-9a-f-]{36}$/;
const BOOKED: ReadonlySet<ShipmentRow['status']> = new Set(['booked', 'pickup_scheduled', 'shipped']);

const documentUrl = (key: string | null) =>
  key ? `${ADMIN_API_PREFIX}/shipments/documents/${key.replace(/^shipments\/|\.pdf$/g, '')}` : null;

/** A shipment as the admin shows it. */
export function presentShipment(row: ShipmentRow): AdminShipment {
  return {
    id: row.id,
    orderId: row.orderId,
    provider: row.provider,
    status: row.status,
    providerOrderId: row.providerOrderId,
    providerShipmentId: row.providerShipmentId,
    courierId: row.courierId,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.trackingUrl,
    labelUrl: documentUrl(row.labelFile),
    manifestUrl: documentUrl(row.manifestFile),
    pickupScheduledFor: row.pickupScheduledFor,
    pickupToken: row.pickupToken,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class ShipmentOperations {
  constructor(private readonly deps: BookingDeps) {}

  /** The order's shipment, or null before any booking. */
  async ofOrder(orderId: string): Promise<AdminShipment | null> {
    const row = await this.deps.store.byOrder(orderId);
    return row && presentShipment(row);
  }

  /** One PDF of the labels of the selected orders' booked shipments. ValidationError(noneBooked) when none is. */
  labels(orderIds: readonly string[]): Promise<ShipmentDocument> {
    return this.document(orderIds, 'labelFile', (s) => this.deps.booker.labels(s));
  }

  /** One PDF of the manifest of the selected orders' booked shipments. ValidationError(noneBooked) when none is. */
  manifest(orderIds: readonly string[]): Promise<ShipmentDocument> {
    return this.document(orderIds, 'manifestFile', (s) => this.deps.booker.manifest(s));
  }

  /** The PDF `id` names (documentUrl), for staff; NotFoundError unless a shipment holds it. */
  async file(id: string): Promise<Buffer> {
    const key = `shipments/${id}.pdf`;
    if (!DOCUMENT_KEY.test(id) || !(await this.deps.store.holdsFile(key))) {
      throw new NotFoundError(SHIPMENT_MESSAGES.documentNotFound);
    }
    const file = await this.deps.files.get(key);
    if (!file) throw new NotFoundError(SHIPMENT_MESSAGES.documentNotFound);
    return file.body;
  }

  /**
   * Asks the courier service to collect the booked shipments of the selected orders (those
   * scheduled before count as done); the result per order. ServiceUnavailableError when the
   * service fails: nothing is recorded then.
   */
  async schedulePickup(orderIds: readonly string[]): Promise<ShipmentResult[]> {
    const { rows, skipped } = await this.booked(orderIds);
    const due = rows.filter((r) => r.status === 'booked');
    if (due.length > 0) {
      let pickup: { scheduledFor: string | null; token: string | null };
      try {
        pickup = await this.deps.booker.schedulePickup(due.map((r) => r.providerShipmentId!));
      } catch (err) {
        this.deps.log.warn({ err }, 'pickup scheduling failed');
        throw new ServiceUnavailableError(SHIPMENT_MESSAGES.serviceFailed);
      }
      await this.deps.store.updateMany(
        due.map((r) => r.id),
        {
          status: 'pickup_scheduled',
          pickupScheduledFor: pickup.scheduledFor,
          pickupToken: pickup.token,
          lastError: null,
        },
      );
    }
    return [...(await this.results(rows, null)), ...skipped];
  }

  /**
   * Marks the selected orders' booked parcels shipped (after the courier's pickup), each through
   * the orders module's `shipped` step with its courier, AWB and tracking link; the result per order.
   */
  async markShipped(orderIds: readonly string[]): Promise<ShipmentResult[]> {
    const { rows, skipped } = await this.booked(orderIds);
    const results: ShipmentResult[] = [];
    for (const row of rows) {
      if (row.status === 'shipped') {
        results.push(...(await this.results([row], null)));
        continue;
      }
      try {
        await this.deps.orders.advance(row.orderId, 'shipped', {
          note: null,
          shipment: { courier: row.courierName!, awb: row.awb!, trackingUrl: row.trackingUrl },
        });
        await this.deps.store.update(row.id, { status: 'shipped', lastError: null });
        results.push(...(await this.results([row], null)));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(...(await this.results([row], err.message)));
      }
    }
    return [...results, ...skipped];
  }

  /** The selected orders' booked shipments, and a failed result for each order without one. */
  private async booked(orderIds: readonly string[]): Promise<{ rows: ShipmentRow[]; skipped: ShipmentResult[] }> {
    const found = new Map((await this.deps.store.byOrders(orderIds)).map((r) => [r.orderId, r]));
    const rows: ShipmentRow[] = [];
    const skipped: ShipmentResult[] = [];
    for (const id of new Set(orderIds)) {
      const row = found.get(id);
      if (row && BOOKED.has(row.status)) rows.push(row);
      else
        skipped.push(
          ...(await this.results([{ orderId: id, awb: null, courierName: null }], SHIPMENT_MESSAGES.notBooked)),
        );
    }
    return { rows, skipped };
  }

  private async results(
    rows: Pick<ShipmentRow, 'orderId' | 'awb' | 'courierName'>[],
    failure: string | null,
  ): Promise<ShipmentResult[]> {
    const numbers = await this.deps.orders.orderNumbers(rows.map((r) => r.orderId));
    return rows.map((r) => ({
      orderId: r.orderId,
      orderNumber: numbers.get(r.orderId) ?? null,
      ok: failure === null,
      awb: r.awb,
      courierName: r.courierName,
      message: failure,
    }));
  }

  private async document(
    orderIds: readonly string[],
    column: 'labelFile' | 'manifestFile',
    make: (shipments: ShipmentSummary[]) => Promise<Buffer>,
  ): Promise<ShipmentDocument> {
    const { rows, skipped } = await this.booked(orderIds);
    if (rows.length === 0) throw new ValidationError(SHIPMENT_MESSAGES.noneBooked);
    const summaries: ShipmentSummary[] = [];
    for (const row of rows) {
      const order = await this.deps.orders.getById(row.orderId);
      const a = order.shippingAddress;
      summaries.push({
        shipmentId: row.providerShipmentId!,
        orderNumber: order.orderNumber,
        awb: row.awb!,
        courierName: row.courierName ?? '',
        customerName: `${a.firstName} ${a.lastName}`.trim(),
        city: a.city,
        pincode: a.postalCode,
        paymentMethod: order.paymentGateway === 'cod' ? 'COD' : 'Prepaid',
      });
    }
    let pdf: Buffer;
    try {
      pdf = await make(summaries);
    } catch (err) {
      this.deps.log.warn({ err }, 'shipping document failed');
      throw new ServiceUnavailableError(SHIPMENT_MESSAGES.serviceFailed);
    }
    const key = `shipments/${randomUUID()}.pdf`;
    await this.deps.files.put(key, pdf, 'application/pdf');
    await this.deps.store.updateMany(
      rows.map((r) => r.id),
      { [column]: key },
    );
    return { url: documentUrl(key)!, orderIds: rows.map((r) => r.orderId), skipped };
  }
}
