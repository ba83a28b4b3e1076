/**
 * The development booking provider (SHIPMENT_BOOKING=builtin), so `npm start` books without
 * Shiprocket: two couriers serving every pincode, order and shipment ids counted from the time,
 * AWBs "DEV" + 10 digits, and label and manifest PDFs made here with pdfkit (DejaVu Sans). No
 * parcel leaves: the documents say so, and cancelling has no one to tell.
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { BookingParcel, CourierOption, ShipmentBooker, ShipmentSummary } from './booker';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const COURIERS: CourierOption[] = [
  { id: 1, name: 'Development Surface', rateRupees: 55, etd: null, cod: true },
  { id: 2, name: 'Development Express', rateRupees: 95, etd: null, cod: true },
];

/** A PDF written by `draw`, as bytes. */
function pdf(draw: (doc: PDFKit.PDFDocument) => void, size: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size, margin: 28, info: { Title: 'Vastra shipping document' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('regular', FONT);
    doc.registerFont('bold', FONT_BOLD);
    draw(doc);
    doc.end();
  });
}

export class DevShipmentBooker implements ShipmentBooker {
  readonly provider = 'builtin' as const;
  private counter = Date.now() % 1_000_000;

  async couriers(_from: string, _to: string, _weightKg: number, cod: boolean): Promise<CourierOption[]> {
    return COURIERS.filter((c) => !cod || c.cod);
  }

  async createOrder(_parcel: BookingParcel): Promise<{ providerOrderId: string; shipmentId: string }> {
    this.counter += 2;
    return { providerOrderId: `DEV-${this.counter}`, shipmentId: `DEV-${this.counter + 1}` };
  }

  async assignAwb(_shipmentId: string, courierId: number): Promise<{ awb: string; courierName: string }> {
    const courier = COURIERS.find((c) => c.id === courierId) ?? COURIERS[0]!;
    const digits = String(randomInt(0, 10_000_000_000)).padStart(10, '0');
    return { awb: `DEV${digits}`, courierName: courier.name };
  }

  labels(shipments: ShipmentSummary[]): Promise<Buffer> {
    return pdf((doc) => {
      shipments.forEach((s, i) => {
        if (i > 0) doc.addPage();
        doc.font('bold').fontSize(16).text(s.courierName);
        doc.font('regular').fontSize(10).text('Development label: no courier collects this parcel.');
        doc.moveDown().font('bold').fontSize(20).text(`AWB ${s.awb}`);
        doc.moveDown().font('regular').fontSize(12).text(`Order ${s.orderNumber}`);
        doc.text(s.paymentMethod === 'COD' ? 'Cash on delivery' : 'Prepaid');
        doc.moveDown().text(`Deliver to: ${s.customerName}`).text(`${s.city} ${s.pincode}`);
      });
    }, 'A6');
  }

  manifest(shipments: ShipmentSummary[]): Promise<Buffer> {
    return pdf((doc) => {
      doc.font('bold').fontSize(16).text('Manifest (development)');
      doc.font('regular').fontSize(10).text(`${shipments.length} parcels`).moveDown();
      for (const s of shipments) {
        doc.text(`${s.orderNumber}   ${s.awb}   ${s.courierName}   ${s.city} ${s.pincode}   ${s.paymentMethod}`);
      }
    }, 'A4');
  }

  async schedulePickup(_shipmentIds: string[]): Promise<{ scheduledFor: string | null; token: string | null }> {
    const tomorrow = new Date(Date.now() + 330 * 60_000 + 24 * 3600_000).toISOString().slice(0, 10);
    return { scheduledFor: `${tomorrow} 11:00:00`, token: `DEV-PICKUP-${this.counter}` };
  }

  async cancelOrder(_providerOrderId: string): Promise<void> {
    // No courier was told of the parcel, so there is nobody to tell; the shipment is marked cancelled.
  }

  trackingUrl(): null {
    return null;
  }
}
