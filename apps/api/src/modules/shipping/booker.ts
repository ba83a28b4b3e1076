/**
 * Booking parcels with couriers behind one interface (behaviour.md "Shipping operations:
 * booking"): Shiprocket (shiprocket-booker.ts) or the development provider (dev-booker.ts),
 * chosen by SHIPMENT_BOOKING (config.shipping.booking). Amounts at this edge are rupees, as
 * Shiprocket takes them; weights kg, sizes cm.
 */

/** A courier that serves a parcel between two pincodes, with its price in rupees. */
export type CourierOption = { id: number; name: string; rateRupees: number; etd: string | null; cod: boolean };

/** What a courier service needs to create an order for a parcel. */
export type BookingParcel = {
  /** The store's order number, the provider's channel order id. */
  orderNumber: string;
  placedAt: Date;
  paymentMethod: 'COD' | 'Prepaid';
  customer: {
    firstName: string;
    lastName: string;
    street: string;
    city: string;
    state: string;
    pincode: string;
    phone: string;
    email: string;
  };
  items: { name: string; sku: string; units: number; sellingPriceRupees: number; hsn: string }[];
  /** What the shopper paid (or pays on delivery) for the lines, in rupees. */
  subTotalRupees: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  weightKg: number;
};

/** A booked shipment as a label or manifest prints it. */
export type ShipmentSummary = {
  shipmentId: string;
  orderNumber: string;
  awb: string;
  courierName: string;
  customerName: string;
  city: string;
  pincode: string;
  paymentMethod: 'COD' | 'Prepaid';
};

export interface ShipmentBooker {
  readonly provider: 'shiprocket' | 'builtin';
  /** The couriers serving `to` from `from` for a parcel of `weightKg`; [] when none does. Throws when unreachable. */
  couriers(from: string, to: string, weightKg: number, cod: boolean): Promise<CourierOption[]>;
  /** Creates the provider's order for the parcel; its order and shipment ids. Throws on a refusal or failure. */
  createOrder(parcel: BookingParcel): Promise<{ providerOrderId: string; shipmentId: string }>;
  /** Assigns the courier's AWB to the shipment. Throws on a refusal or failure. */
  assignAwb(shipmentId: string, courierId: number): Promise<{ awb: string; courierName: string }>;
  /** One PDF of the shipments' labels. */
  labels(shipments: ShipmentSummary[]): Promise<Buffer>;
  /** One PDF of the manifest handed to the courier at pickup. */
  manifest(shipments: ShipmentSummary[]): Promise<Buffer>;
  /** Asks the couriers to collect the shipments; the day given and the pickup's reference. */
  schedulePickup(shipmentIds: string[]): Promise<{ scheduledFor: string | null; token: string | null }>;
  /**
   * Cancels the provider's order (its courier no longer collects the parcel); cancelling one
   * cancelled already is the provider's to answer. Throws on a refusal or failure.
   */
  cancelOrder(providerOrderId: string): Promise<void>;
  /** The shopper's tracking page for an AWB, or null. */
  trackingUrl(awb: string): string | null;
}
