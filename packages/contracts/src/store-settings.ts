/**
 * The store's settings (docs/admin.md "Store settings"): what the owner decides (the store's
 * name, logo, colour and contact details, the seller's details on tax invoices, the store's
 * notification email, cash on delivery, the return window and the online gateways offered),
 * kept in the database and edited in the admin. Until the owner saves them, each value is the
 * environment's (SELLER_NAME, COD_MAX_ORDER_RUPEES, …). Secrets and infrastructure stay in the
 * environment. The storefront reads the public part (`publicStoreSettingsSchema`).
 */
import { z } from 'zod';
import { checkedGstin } from './gstin';

/** The store's name when neither the owner nor the environment chose another. */
export const DEFAULT_STORE_NAME = 'Vastra';
/** The storefront's brand colour (buttons, links) by default. */
export const DEFAULT_BRAND_COLOUR = '#8a1a42';
/** The smallest contrast (WCAG 2) of the brand colour against white: white text on it, it on white. */
export const BRAND_COLOUR_MIN_CONTRAST = 4.5;
/** Online gateways a store can offer; each needs its credentials in the environment. */
export const ONLINE_GATEWAYS_OFFERED = ['sandbox', 'phonepe', 'razorpay'] as const;
export type OnlineGateway = (typeof ONLINE_GATEWAYS_OFFERED)[number];
/** Where uploaded store pictures (the logo, homepage and collection pictures) are served. */
export const STORE_PICTURES_PATH = '/media/store-pictures';
/** Widths in pixels the API derives from an uploaded store picture. */
export const STORE_PICTURE_WIDTHS = [200, 800, 1600] as const;
/** Shortest side an uploaded store picture may have, in pixels (a logo may be small). */
export const STORE_PICTURE_MIN_SIDE_PX = 32;

export const STORE_SETTINGS_MESSAGES = {
  colourFormat: 'Enter the colour as # and six hex digits, e.g. #8a1a42.',
  colourContrast: `This colour is too light: white text on it, and it on white, must have a contrast of at least ${BRAND_COLOUR_MIN_CONTRAST}:1.`,
  address: 'The seller’s address must end with its 6-digit pincode.',
  phone: 'Enter a phone number of 10 to 13 digits, e.g. +91 80 4000 1234.',
  picture: 'Choose a picture uploaded to the store.',
  noWayToPay: 'Offer at least one way to pay: an online gateway or cash on delivery.',
} as const;

/** "The GSTIN must start with 29, the store's state code". */
export const sellerGstinStateMismatch = (stateCode: string) =>
  `The GSTIN must start with ${stateCode}, the GST state code of the store (STORE_STATE).`;
/** A gateway the owner asked for that has no credentials in the environment. */
export const gatewayNotConfigured = (gateway: string) =>
  `The ${gateway} gateway is not configured on this server, so it cannot be offered.`;

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG 2 contrast ratio of `#rrggbb` against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/;
/** A brand colour: `#rrggbb` (lower case once read) readable with white, BRAND_COLOUR_MIN_CONTRAST or more. */
export const brandColourSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HEX_COLOUR, STORE_SETTINGS_MESSAGES.colourFormat)
  .refine((hex) => contrastWithWhite(hex) >= BRAND_COLOUR_MIN_CONTRAST, STORE_SETTINGS_MESSAGES.colourContrast);

/** A picture uploaded through the admin (`POST /admin/api/store-pictures`): its URL path. */
export const storePictureUrlSchema = z
  .string()
  .regex(new RegExp(`^${STORE_PICTURES_PATH}/[0-9a-f]{32}-[0-9]{1,4}\\.(webp|jpg)$`), STORE_SETTINGS_MESSAGES.picture);

/** An amount in rupees with at most two decimals (paise), up to ₹ 1,00,000. */
const chargeRupeesSchema = z
  .number()
  .min(0)
  .max(100_000)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Enter rupees with at most two decimals.');

/** Every store setting, as the admin reads and saves it (amounts in rupees). */
/** A seller's address ends with its 6-digit pincode (the warehouse: delivery dates, shipments). */
const ADDRESS_PINCODE = /([1-9]\d{5})\D*$/;

/** The pincode an address ends with, or null when it ends with none. */
export function addressPincode(address: string): string | null {
  return ADDRESS_PINCODE.exec(address)?.[1] ?? null;
}

export const storeSettingsSchema = z.object({
  storeName: z.string().trim().min(1).max(60),
  /** The logo's URL path (an uploaded store picture), or null for the name alone. */
  logoUrl: storePictureUrlSchema.nullable(),
  brandColour: brandColourSchema,
  contactEmail: z.email().nullable(),
  contactPhone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{8,16}[0-9]$/, STORE_SETTINGS_MESSAGES.phone)
    .nullable(),
  sellerName: z.string().trim().min(1).max(200),
  sellerAddress: z.string().trim().min(1).max(300).regex(ADDRESS_PINCODE, STORE_SETTINGS_MESSAGES.address),
  /** Checked as a buyer's is (layout and check character, gstin.ts). */
  sellerGstin: checkedGstin(z.string().trim().toUpperCase()),
  /** Where the store's own mails go (new orders and returns, the daily summary); null: none. */
  notifyEmail: z.email().nullable(),
  codEnabled: z.boolean(),
  /** The largest order payable in cash on delivery, in rupees. */
  codMaxRupees: z.number().int().min(0).max(10_00_000),
  /**
   * Cash on delivery orders payable above this, in rupees, are held until the shopper confirms
   * them (behaviour.md "COD confirmation"); null: none are held.
   */
  codConfirmAboveRupees: z.number().int().min(0).max(10_00_000).nullable().default(null),
  /** Hours a held cash on delivery order waits for its confirmation before it is cancelled. */
  codConfirmHours: z.number().int().min(1).max(168).default(24),
  returnWindowDays: z.number().int().min(0).max(90),
  /** The delivery charge of an order below the threshold, in rupees; 0: delivery is free. */
  deliveryChargeRupees: chargeRupeesSchema,
  /** The value of lines (after the discount) from which delivery is free, in rupees; null: no threshold. */
  freeDeliveryFromRupees: chargeRupeesSchema.nullable(),
  /** The fee of a cash-on-delivery order, in rupees; 0: none. */
  codFeeRupees: chargeRupeesSchema,
  /**
   * Days promotional store credit (given by the store) lasts before it expires; null: it never
   * does. Refund credit never expires (behaviour.md "Store credit").
   */
  storeCreditExpiryDays: z.number().int().min(1).max(3650).nullable().default(null),
  /** Whether logged-in shoppers' idle carts get reminder mails (behaviour.md "Cart reminders"). */
  cartRemindersEnabled: z.boolean().default(true),
  /** Hours a cart stays untouched before its first reminder. */
  cartReminderFirstHours: z.number().int().min(1).max(168).default(3),
  /** Hours after the first reminder before the second, if the cart is still untouched. */
  cartReminderSecondHours: z.number().int().min(1).max(720).default(24),
  /** The online gateways checkout offers (each configured in the environment). */
  paymentGateways: z.array(z.enum(ONLINE_GATEWAYS_OFFERED)).max(ONLINE_GATEWAYS_OFFERED.length),
  // Data retention (DPDP)
  /**
   * Years without a sign-in or order after which a shopper's account gets a notice and, 48 hours
   * later, is erased (behaviour.md "Data rights: export, erasure, retention").
   */
  inactiveAccountErasureYears: z.number().int().min(1).max(10).default(3),
  // Shipping operations
  /**
   * The courier bookings go to when it serves the pincode (its name as Shiprocket gives it,
   * e.g. "Delhivery Surface"; matched without regard to case); null: the cheapest courier
   * (behaviour.md "Shipping operations: booking").
   */
  preferredCourier: z.string().trim().min(1).max(80).nullable().default(null),
  // Data protection contact (DPDP)
  /** Who answers shoppers' questions about their personal data (the privacy page names them); null: not named. */
  dataProtectionOfficerName: z.string().trim().max(100).nullable().default(null),
  /** Where those questions go; null: the store's contact email is shown instead. */
  dataProtectionOfficerEmail: z.email().max(254).nullable().default(null),
  // Grievance officer (consumer rules)
  /**
   * The grievance officer the Consumer Protection (E-Commerce) Rules, 2020 ask a seller to name,
   * shown on the storefront's footer and grievance page and on invoices (behaviour.md
   * "Grievances"); null: not named yet. The customer care contact is contactEmail / contactPhone.
   */
  grievanceOfficerName: z.string().trim().min(1).max(100).nullable().default(null),
  grievanceOfficerDesignation: z.string().trim().min(1).max(100).nullable().default(null),
  grievanceOfficerEmail: z.email().nullable().default(null),
  grievanceOfficerPhone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{8,16}[0-9]$/, STORE_SETTINGS_MESSAGES.phone)
    .nullable()
    .default(null),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** What the admin reads: the settings, and which gateways have credentials on this server. */
export const storeSettingsViewSchema = z.object({
  settings: storeSettingsSchema,
  configuredGateways: z.array(z.enum(ONLINE_GATEWAYS_OFFERED)),
  /** The GST state code every GSTIN of the store starts with (STORE_STATE). */
  storeState: z.string(),
});
export type StoreSettingsView = z.infer<typeof storeSettingsViewSchema>;

/**
 * What the storefront shows: name, logo (absolute URL or null), colour and contact details; the
 * seller's legal name, address and GSTIN and the grievance officer (every page's footer); the
 * data protection contact (the privacy page).
 */
export const publicStoreSettingsSchema = storeSettingsSchema
  .pick({
    storeName: true,
    brandColour: true,
    contactEmail: true,
    contactPhone: true,
    dataProtectionOfficerName: true,
    dataProtectionOfficerEmail: true,
    sellerName: true,
    sellerAddress: true,
    sellerGstin: true,
    grievanceOfficerName: true,
    grievanceOfficerDesignation: true,
    grievanceOfficerEmail: true,
    grievanceOfficerPhone: true,
  })
  .extend({ logoUrl: z.string().nullable() });
export type PublicStoreSettings = z.infer<typeof publicStoreSettingsSchema>;

/** The answer of an uploaded store picture: the URL to save, and its width and height in pixels. */
export const storePictureSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type StorePicture = z.infer<typeof storePictureSchema>;
