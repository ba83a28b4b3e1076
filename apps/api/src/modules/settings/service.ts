/**
 * The store's settings (docs/admin.md "Store settings"): what the owner decides, kept in the
 * admin_settings table under one key and read by every consumer at the moment of use (mails'
 * store name, invoices' seller, the return window, cash on delivery, the gateways offered, the
 * store's notification email). A value the owner never saved is the environment's (`defaults`).
 *
 * Every instance keeps the settings for at most STORE_SETTINGS_CACHE_MS, then reads them again,
 * so a change saved on one instance is in force on all within that time; the saving instance
 * takes it at once, and the others, told through the catalogue's change channel
 * (catalog/changes.ts), read it again at once. Once read, a reader never waits on the database:
 * past that time it gets the settings it has while they are read again in the background. A
 * mail sent inside a transaction (alerts) must not wait for a read that the embedded database
 * would hold until the transaction ends; the app reads them once when it is ready.
 */
import {
  gatewayNotConfigured,
  rupeesToPaise,
  sellerGstinStateMismatch,
  storeSettingsSchema,
  STORE_SETTINGS_MESSAGES,
  type LegalCheck,
  type OnlineGateway,
  type PublicStoreSettings,
  type StoreSettings,
  type StoreSettingsView,
} from '@vastra/contracts';
import { ValidationError } from '../../lib/errors';
import type { ChargeSettings } from '../pricing';
import { checkLegalRequirements } from './legal-check';

/** The admin_settings key of the store settings. */
export const STORE_SETTINGS_KEY = 'store';
/** How long an instance keeps the settings it read, in ms. */
export const STORE_SETTINGS_CACHE_MS = 5_000;

/** The admin_settings store (StaffService): one JSON value per key. */
export type SettingsStore = {
  stateValue(key: string): Promise<unknown>;
  setStateValue(key: string, value: unknown): Promise<void>;
};

export type StoreSettingsDeps = {
  store: SettingsStore;
  /** Each setting's value until the owner saves one: the environment's (config.ts). */
  defaults: StoreSettings;
  /** The online gateways with credentials on this server (payments/providers.ts). */
  configuredGateways: OnlineGateway[];
  /** STORE_STATE: every GSTIN of the store starts with it. */
  storeState: string;
  /** A GSTIN the store may not save (the sample of the default configuration, in production); null: none. */
  refusedGstin: string | null;
  /** The absolute URL of a media path (the logo for the storefront and mails). */
  mediaUrl: (path: string) => string;
  /** Cache lifetime in ms (STORE_SETTINGS_CACHE_MS; 0 in tests that count reads). */
  cacheTtlMs?: number;
};

/** The cart reminders' switch and delays (hours), as the store settings say. */
export type CartReminderTimes = { enabled: boolean; firstHours: number; secondHours: number };

/**
 * The seller's details printed on tax invoices and credit notes: the legal name, address and
 * GSTIN, the customer care contact and the grievance officer's line (each null when not set).
 */
export type Seller = {
  sellerName: string;
  sellerAddress: string;
  sellerGstin: string;
  customerCare: string | null;
  grievanceOfficer: string | null;
};

/** Parts that are set, joined with " · "; null when none is. */
const joined = (parts: (string | null)[]): string | null => parts.filter(Boolean).join(' · ') || null;

/**
 * The grievance officer as one line: "Priya Nair (Grievance Officer) · grievance@… · +91 …";
 * null when no name is set (behaviour.md "Grievances").
 */
export function grievanceOfficerLine(s: StoreSettings): string | null {
  if (!s.grievanceOfficerName) return null;
  const who = s.grievanceOfficerDesignation
    ? `${s.grievanceOfficerName} (${s.grievanceOfficerDesignation})`
    : s.grievanceOfficerName;
  return joined([who, s.grievanceOfficerEmail, s.grievanceOfficerPhone]);
}

export class StoreSettingsService {
  private readonly ttlMs: number;
  /** The settings last read, and when (ms since the epoch; 0: to be read again). */
  private known: { settings: StoreSettings; at: number } | null = null;
  private reading: Promise<StoreSettings> | null = null;

  constructor(private readonly deps: StoreSettingsDeps) {
    this.ttlMs = deps.cacheTtlMs ?? STORE_SETTINGS_CACHE_MS;
  }

  /**
   * The settings in force: each saved value, else the environment's. A stored value that no
   * longer reads (a setting renamed, a rule tightened) counts as never saved. Waits on the
   * database only before the first read (see the module's comment).
   */
  async current(): Promise<StoreSettings> {
    const known = this.known;
    if (known && Date.now() - known.at < this.ttlMs) return known.settings;
    const reading = this.read();
    if (!known) return reading;
    reading.catch(() => {});
    return known.settings;
  }

  /** Reads the settings now (one read at a time); the app calls it once when it is ready. */
  read(): Promise<StoreSettings> {
    this.reading ??= this.load()
      .then((settings) => {
        this.known = { settings, at: Date.now() };
        return settings;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private async load(): Promise<StoreSettings> {
    const raw = await this.deps.store.stateValue(STORE_SETTINGS_KEY);
    const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    const saved = storeSettingsSchema.partial().safeParse(stored);
    // Only what was saved: zod fills a setting's schema default in for a missing key, which would
    // hide the environment's value (GRIEVANCE_OFFICER_*) of a setting added after the last save.
    const kept = saved.success ? Object.fromEntries(Object.entries(saved.data).filter(([key]) => key in stored)) : {};
    const merged = { ...this.deps.defaults, ...kept };
    // Settings saved before a gateway's credentials left the environment offer it no more.
    merged.paymentGateways = merged.paymentGateways.filter((g) => this.deps.configuredGateways.includes(g));
    return merged;
  }

  /** What the admin reads: the settings, the gateways that may be offered, the store's state code. */
  async view(): Promise<StoreSettingsView> {
    return {
      settings: await this.current(),
      configuredGateways: this.deps.configuredGateways,
      storeState: this.deps.storeState,
    };
  }

  /**
   * What the law asks the store to show (seller, customer care, grievance officer, data
   * protection contact), each met or not by the settings in force (legal-check.ts).
   */
  async legalCheck(): Promise<LegalCheck> {
    const { storeState, refusedGstin } = this.deps;
    return checkLegalRequirements({ settings: await this.current(), storeState, refusedGstin });
  }

  /**
   * What the storefront shows: the name, the logo as an absolute URL, the colour and contact
   * details, the seller's legal name, address and GSTIN, the grievance officer and the data
   * protection contact (the privacy page).
   */
  async publicSettings(): Promise<PublicStoreSettings> {
    const s = await this.current();
    return {
      storeName: s.storeName,
      logoUrl: s.logoUrl ? this.deps.mediaUrl(s.logoUrl) : null,
      brandColour: s.brandColour,
      contactEmail: s.contactEmail,
      contactPhone: s.contactPhone,
      dataProtectionOfficerName: s.dataProtectionOfficerName,
      dataProtectionOfficerEmail: s.dataProtectionOfficerEmail,
      sellerName: s.sellerName,
      sellerAddress: s.sellerAddress,
      sellerGstin: s.sellerGstin,
      grievanceOfficerName: s.grievanceOfficerName,
      grievanceOfficerDesignation: s.grievanceOfficerDesignation,
      grievanceOfficerEmail: s.grievanceOfficerEmail,
      grievanceOfficerPhone: s.grievanceOfficerPhone,
    };
  }

  /**
   * Saves every setting (already checked by the route's schema). ValidationError when the
   * GSTIN does not start with STORE_STATE or is the refused sample, when a gateway without
   * credentials is asked for, or when neither a gateway nor cash on delivery is offered.
   */
  async update(next: StoreSettings): Promise<StoreSettingsView> {
    if (!next.sellerGstin.startsWith(this.deps.storeState)) {
      throw new ValidationError(sellerGstinStateMismatch(this.deps.storeState));
    }
    if (next.sellerGstin === this.deps.refusedGstin) throw new ValidationError(SAMPLE_GSTIN_REFUSED);
    const missing = next.paymentGateways.find((g) => !this.deps.configuredGateways.includes(g));
    if (missing) throw new ValidationError(gatewayNotConfigured(missing));
    if (next.paymentGateways.length === 0 && !next.codEnabled) {
      throw new ValidationError(STORE_SETTINGS_MESSAGES.noWayToPay);
    }
    const saved = { ...next, paymentGateways: [...new Set(next.paymentGateways)] };
    await this.deps.store.setStateValue(STORE_SETTINGS_KEY, saved);
    // In force here at once; a read under way (older) must not put the old settings back.
    await this.reading?.catch(() => {});
    this.known = { settings: saved, at: Date.now() };
    return this.view();
  }

  /** Another instance saved: read the settings again now (in the background). */
  forget(): void {
    if (this.known) this.known.at = 0;
    this.read().catch(() => {});
  }

  /** The store's name, as the storefront and every mail show it. */
  async storeName(): Promise<string> {
    return (await this.current()).storeName;
  }

  /** The seller's details for tax invoices and credit notes, with customer care and the grievance officer. */
  async seller(): Promise<Seller> {
    const s = await this.current();
    return {
      sellerName: s.sellerName,
      sellerAddress: s.sellerAddress,
      sellerGstin: s.sellerGstin,
      customerCare: joined([s.contactEmail, s.contactPhone]),
      grievanceOfficer: grievanceOfficerLine(s),
    };
  }

  /** The grievance officer as one line (grievanceOfficerLine), or null when none is named. */
  async grievanceOfficer(): Promise<string | null> {
    return grievanceOfficerLine(await this.current());
  }

  /** The return window in days after delivery. */
  async returnWindowDays(): Promise<number> {
    return (await this.current()).returnWindowDays;
  }

  /** Days promotional store credit lasts, or null: it never expires (behaviour.md "Store credit"). */
  async storeCreditExpiryDays(): Promise<number | null> {
    return (await this.current()).storeCreditExpiryDays;
  }

  /** Whether cart reminders go out, and their delays in hours (behaviour.md "Cart reminders"). */
  async cartReminders(): Promise<CartReminderTimes> {
    const { cartRemindersEnabled, cartReminderFirstHours, cartReminderSecondHours } = await this.current();
    return { enabled: cartRemindersEnabled, firstHours: cartReminderFirstHours, secondHours: cartReminderSecondHours };
  }

  /** Years without a sign-in or order after which a shopper's account is erased (docs/behaviour.md "Data rights: export, erasure, retention"). */
  async inactiveAccountErasureYears(): Promise<number> {
    return (await this.current()).inactiveAccountErasureYears;
  }

  /** Where the store's own mails go, or null for none. */
  async notifyEmail(): Promise<string | null> {
    return (await this.current()).notifyEmail;
  }

  /** The delivery charge, its free-delivery threshold and the COD fee, in paise (pricing/charges.ts). */
  async charges(): Promise<ChargeSettings> {
    const { deliveryChargeRupees, freeDeliveryFromRupees, codFeeRupees } = await this.current();
    return {
      deliveryChargePaise: rupeesToPaise(deliveryChargeRupees),
      freeDeliveryFromPaise: freeDeliveryFromRupees === null ? null : rupeesToPaise(freeDeliveryFromRupees),
      codFeePaise: rupeesToPaise(codFeeRupees),
    };
  }

  /**
   * Cash on delivery orders held for the shopper's confirmation: those payable above
   * `abovePaise` (null: none held), cancelled after `hours` unconfirmed (behaviour.md "COD confirmation").
   */
  async codConfirmation(): Promise<{ abovePaise: number | null; hours: number }> {
    const { codConfirmAboveRupees, codConfirmHours } = await this.current();
    return {
      abovePaise: codConfirmAboveRupees === null ? null : rupeesToPaise(codConfirmAboveRupees),
      hours: codConfirmHours,
    };
  }

  /** What checkout offers: the online gateways, and cash on delivery up to `codMaxPaise` (paise) when enabled. */
  async payment(): Promise<{ gateways: OnlineGateway[]; codEnabled: boolean; codMaxPaise: number }> {
    const { paymentGateways, codEnabled, codMaxRupees } = await this.current();
    return { gateways: paymentGateways, codEnabled, codMaxPaise: codMaxRupees * 100 };
  }
}

/** Said when the owner saves the sample GSTIN on a production server. */
export const SAMPLE_GSTIN_REFUSED = 'This is the sample GSTIN of the default configuration. Enter your store’s GSTIN.';
