/**
 * Booking through Shiprocket (apiv2.shiprocket.in/v1/external; shiprocket-client.ts for the
 * login): GET /courier/serviceability/ for the couriers and their rates, POST
 * /orders/create/adhoc for the order (its shipment_id), POST /courier/assign/awb for the AWB,
 * POST /courier/generate/label and /manifests/generate (each answers a URL of a PDF, fetched
 * here), POST /courier/generate/pickup for the pickup. `pickup_location` is the nickname of a
 * pickup address saved in Shiprocket (SHIPROCKET_PICKUP_LOCATION).
 */
import { z } from 'zod';
import type { BookingParcel, CourierOption, ShipmentBooker, ShipmentSummary } from './booker';
import { ShiprocketError, type ShiprocketClient } from './shiprocket-client';

const TIMEOUT_MS = 15_000;

const serviceabilityAnswer = z.object({
  data: z
    .object({
      available_courier_companies: z
        .array(
          z.object({
            courier_company_id: z.coerce.number(),
            courier_name: z.string(),
            rate: z.coerce.number(),
            etd: z.string().nullish(),
            cod: z.coerce.number().nullish(),
          }),
        )
        .nullish(),
    })
    .nullish(),
});
const createAnswer = z.object({ order_id: z.coerce.number(), shipment_id: z.coerce.number() });
const awbAnswer = z.object({
  awb_assign_status: z.coerce.number(),
  response: z
    .object({ data: z.object({ awb_code: z.string().min(1), courier_name: z.string() }).partial() })
    .partial()
    .nullish(),
  message: z.string().nullish(),
});
const labelAnswer = z.object({ label_created: z.coerce.number(), label_url: z.string().url().nullish() });
const manifestAnswer = z.object({ manifest_url: z.string().url().nullish() });
const pickupAnswer = z.object({
  pickup_status: z.coerce.number(),
  response: z
    .object({ pickup_scheduled_date: z.string().nullish(), pickup_token_number: z.coerce.string().nullish() })
    .nullish(),
});

/** "2026-11-28 12:04" in India time, as Shiprocket's order_date. */
function istDateTime(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 10)} ${ist.slice(11, 16)}`;
}

export class ShiprocketBooker implements ShipmentBooker {
  readonly provider = 'shiprocket' as const;

  constructor(
    private readonly client: ShiprocketClient,
    /** The nickname of the pickup address saved in Shiprocket. */
    private readonly pickupLocation: string,
  ) {}

  async couriers(from: string, to: string, weightKg: number, cod: boolean): Promise<CourierOption[]> {
    const query = new URLSearchParams({
      pickup_postcode: from,
      delivery_postcode: to,
      weight: String(weightKg),
      cod: cod ? '1' : '0',
    });
    try {
      const answer = await this.client.get(`/courier/serviceability/?${query}`, serviceabilityAnswer);
      return (answer.data?.available_courier_companies ?? [])
        .filter((c) => !cod || c.cod === 1)
        .map((c) => ({
          id: c.courier_company_id,
          name: c.courier_name,
          rateRupees: c.rate,
          etd: c.etd ?? null,
          cod: c.cod === 1,
        }));
    } catch (err) {
      // Shiprocket answers 404 "No courier serviceable" for a pincode none serves.
      if (err instanceof ShiprocketError && err.status === 404) return [];
      throw err;
    }
  }

  async createOrder(parcel: BookingParcel): Promise<{ providerOrderId: string; shipmentId: string }> {
    const c = parcel.customer;
    const answer = await this.client.post(
      '/orders/create/adhoc',
      {
        order_id: parcel.orderNumber,
        order_date: istDateTime(parcel.placedAt),
        pickup_location: this.pickupLocation,
        billing_customer_name: c.firstName,
        billing_last_name: c.lastName,
        billing_address: c.street,
        billing_city: c.city,
        billing_pincode: c.pincode,
        billing_state: c.state,
        billing_country: 'India',
        billing_email: c.email,
        billing_phone: c.phone.replace(/\D/g, '').slice(-10),
        shipping_is_billing: true,
        order_items: parcel.items.map((i) => ({
          name: i.name,
          sku: i.sku,
          units: i.units,
          selling_price: i.sellingPriceRupees,
          hsn: i.hsn,
        })),
        payment_method: parcel.paymentMethod,
        sub_total: parcel.subTotalRupees,
        length: parcel.lengthCm,
        breadth: parcel.breadthCm,
        height: parcel.heightCm,
        weight: parcel.weightKg,
      },
      createAnswer,
    );
    return { providerOrderId: String(answer.order_id), shipmentId: String(answer.shipment_id) };
  }

  async assignAwb(shipmentId: string, courierId: number): Promise<{ awb: string; courierName: string }> {
    const answer = await this.client.post(
      '/courier/assign/awb',
      { shipment_id: Number(shipmentId), courier_id: courierId },
      awbAnswer,
    );
    const data = answer.response?.data;
    if (answer.awb_assign_status !== 1 || !data?.awb_code) {
      throw new Error(answer.message ?? 'Shiprocket assigned no AWB');
    }
    return { awb: data.awb_code, courierName: data.courier_name ?? '' };
  }

  async labels(shipments: ShipmentSummary[]): Promise<Buffer> {
    const answer = await this.client.post('/courier/generate/label', { shipment_id: this.ids(shipments) }, labelAnswer);
    if (answer.label_created !== 1 || !answer.label_url) throw new Error('Shiprocket made no label');
    return this.download(answer.label_url);
  }

  async manifest(shipments: ShipmentSummary[]): Promise<Buffer> {
    const answer = await this.client.post('/manifests/generate', { shipment_id: this.ids(shipments) }, manifestAnswer);
    if (!answer.manifest_url) throw new Error('Shiprocket made no manifest');
    return this.download(answer.manifest_url);
  }

  async schedulePickup(shipmentIds: string[]): Promise<{ scheduledFor: string | null; token: string | null }> {
    const answer = await this.client.post(
      '/courier/generate/pickup',
      { shipment_id: shipmentIds.map(Number) },
      pickupAnswer,
    );
    if (answer.pickup_status !== 1) throw new Error('Shiprocket scheduled no pickup');
    return {
      scheduledFor: answer.response?.pickup_scheduled_date ?? null,
      token: answer.response?.pickup_token_number ?? null,
    };
  }

  async cancelOrder(providerOrderId: string): Promise<void> {
    // Any 2xx is a cancellation; its body (a message) tells nothing more.
    await this.client.post('/orders/cancel', { ids: [Number(providerOrderId)] }, z.unknown());
  }

  trackingUrl(awb: string): string {
    return `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;
  }

  private ids(shipments: ShipmentSummary[]): number[] {
    return shipments.map((s) => Number(s.shipmentId));
  }

  /** The PDF behind a Shiprocket document URL (a public file link); throws unless it is one. */
  private async download(url: string): Promise<Buffer> {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new Error(`Shiprocket's document answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (!body.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('Shiprocket’s document is not a PDF');
    return body;
  }
}
