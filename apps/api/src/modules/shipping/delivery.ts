/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): the zone of
 * the pincode seen from the warehouse (the store's own address, SELLER_ADDRESS), the day the
 * parcel should arrive and whether cash on delivery is offered there.
 *
 * Zones, the first that fits: same district as the warehouse, same state, the north-east or the
 * islands, a metro city, the rest of India. Days per zone and the COD exclusions are the store's
 * zone table (admin_settings key `delivery`, DEFAULT_DELIVERY_SETTINGS until the owner sets one).
 * Dates: the days are counted from today in India time (Asia/Kolkata), Sundays not counted, so
 * the day is never a Sunday. With Shiprocket configured its couriers' answer is used, the zone
 * table when Shiprocket fails or serves no courier there; the store's COD exclusions hold either way.
 */
import {
  addressPincode,
  ADDRESS_MESSAGES,
  DEFAULT_DELIVERY_SETTINGS,
  deliverySettingsSchema,
  type DeliveryEstimate,
  type DeliverySettings,
  type DeliveryZone,
  type PincodeInfo,
} from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { NotFoundError } from '../../lib/errors';
import type { PincodeDirectory } from '../addresses';
import type { CourierPromise, ShippingServiceability } from './provider';

/** The admin_settings key of the zone table. */
export const DELIVERY_SETTINGS_KEY = 'delivery';

/** GST state codes of the north-east (Sikkim to Assam) and the islands (Lakshadweep, Andaman and Nicobar). */
const NORTH_EAST_AND_ISLANDS = new Set(['11', '12', '13', '14', '15', '16', '17', '18', '31', '35']);
/** Delhi (its every district) and the districts of the other metro cities, as India Post names them. */
const DELHI = '07';
const METRO_DISTRICTS = new Set([
  'Mumbai',
  'Mumbai Suburban',
  'Kolkata',
  'Chennai',
  'Bengaluru Urban',
  'Hyderabad',
  'Ahmadabad',
  'Pune',
]);

const DAY_MS = 24 * 60 * 60 * 1000;
const indiaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in India as midnight UTC of that date (so date arithmetic has no zone left in it). */
function indiaToday(now: Date): Date {
  return new Date(`${indiaDate.format(now)}T00:00:00Z`);
}

/** `days` days after `from`, Sundays not counted (a day landing on Sunday moves to Monday). */
export function addDeliveryDays(from: Date, days: number): Date {
  let date = from;
  for (let counted = 0; counted < days;) {
    date = new Date(date.getTime() + DAY_MS);
    if (date.getUTCDay() !== 0) counted += 1;
  }
  return date;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The admin_settings store (StaffService): one JSON value per key. */
export type SettingsStore = {
  stateValue(key: string): Promise<unknown>;
  setStateValue(key: string, value: unknown): Promise<void>;
};

export type DeliveryDeps = {
  pincodes: PincodeDirectory;
  settings: SettingsStore;
  /** The couriers' answer (Shiprocket), or null to use the zone table alone. */
  serviceability: ShippingServiceability | null;
  /** The store's address ending with its pincode (SELLER_ADDRESS): where parcels leave from. */
  storeAddress: string;
  log: FastifyBaseLogger;
  /** The clock; tests fix it. */
  now?: () => Date;
};

export class DeliveryService {
  private readonly warehouse: PincodeInfo;
  private readonly now: () => Date;

  /** Throws when the store's address does not end with a pincode the directory knows. */
  constructor(private readonly deps: DeliveryDeps) {
    const pincode = addressPincode(deps.storeAddress);
    const warehouse = pincode ? deps.pincodes.lookup(pincode) : null;
    if (!warehouse) {
      throw new Error('SELLER_ADDRESS must end with the store’s pincode (the warehouse, for delivery dates)');
    }
    this.warehouse = warehouse;
    this.now = deps.now ?? (() => new Date());
  }

  /** The zone table: the stored one, or the defaults when none is stored (or it no longer reads). */
  async settings(): Promise<DeliverySettings> {
    const stored = deliverySettingsSchema.safeParse(await this.deps.settings.stateValue(DELIVERY_SETTINGS_KEY));
    return stored.success ? stored.data : DEFAULT_DELIVERY_SETTINGS;
  }

  /** Replaces the zone table (validated by the route); the next estimate and order use it. */
  async updateSettings(settings: DeliverySettings): Promise<DeliverySettings> {
    await this.deps.settings.setStateValue(DELIVERY_SETTINGS_KEY, settings);
    return this.settings();
  }

  /** The zone of a pincode the directory knows, seen from the warehouse. */
  zoneOf(info: PincodeInfo): DeliveryZone {
    if (info.stateCode === this.warehouse.stateCode && info.city === this.warehouse.city) return 'same_city';
    if (info.stateCode === this.warehouse.stateCode) return 'same_state';
    if (NORTH_EAST_AND_ISLANDS.has(info.stateCode)) return 'north_east_islands';
    if (info.stateCode === DELHI || METRO_DISTRICTS.has(info.city)) return 'metro';
    return 'rest_of_india';
  }

  /**
   * The promise for a pincode. Throws NotFoundError (ADDRESS_MESSAGES.pincodeUnknown) for a
   * pincode India Post does not have; a Shiprocket failure falls back to the zone table.
   */
  async estimate(pincode: string): Promise<DeliveryEstimate> {
    const info = this.deps.pincodes.lookup(pincode);
    if (!info) throw new NotFoundError(ADDRESS_MESSAGES.pincodeUnknown);
    const settings = await this.settings();
    const zone = this.zoneOf(info);
    const storeCod =
      !settings.codExcludedZones.includes(zone) &&
      !settings.codExcludedStates.includes(info.stateCode) &&
      !settings.codExcludedPincodes.includes(info.pincode);
    const today = indiaToday(this.now());
    const couriers = await this.courierPromise(info.pincode);
    const by = couriers ? courierDate(couriers, today) : addDeliveryDays(today, settings.days[zone]);
    return {
      pincode: info.pincode,
      city: info.city,
      state: info.state,
      zone,
      deliveryBy: isoDate(by),
      deliveryDays: Math.round((by.getTime() - today.getTime()) / DAY_MS),
      codAvailable: storeCod && (couriers?.cod ?? true),
      source: couriers ? 'shiprocket' : 'zones',
    };
  }

  /** Whether cash on delivery may be chosen for an order to this pincode (false for an unknown one). */
  async codAvailable(pincode: string): Promise<boolean> {
    if (!this.deps.pincodes.lookup(pincode)) return false;
    return (await this.estimate(pincode)).codAvailable;
  }

  /** Shiprocket's answer, or null (not configured, no courier, or down: the zone table answers). */
  private async courierPromise(pincode: string): Promise<CourierPromise | null> {
    if (!this.deps.serviceability) return null;
    try {
      const answer = await this.deps.serviceability.serviceability(this.warehouse.pincode, pincode);
      if (!answer) this.deps.log.info({ pincode }, 'no Shiprocket courier serves the pincode; zone table used');
      return answer;
    } catch (err) {
      this.deps.log.warn({ err, pincode }, 'Shiprocket serviceability failed; zone table used');
      return null;
    }
  }
}

/** The couriers' day: their date unless it is already past, else today plus their days. */
function courierDate(couriers: CourierPromise, today: Date): Date {
  if (couriers.etd && couriers.etd >= isoDate(today)) return new Date(`${couriers.etd}T00:00:00Z`);
  return new Date(today.getTime() + (couriers.days ?? 0) * DAY_MS);
}
