import 'server-only';
import {
  DEFAULT_BRAND_COLOUR,
  DEFAULT_STORE_NAME,
  publicStoreSettingsSchema,
  type PublicStoreSettings,
} from '@vastra/contracts';
import { apiGet, checked } from './client';

/** Cache tag of the store settings; the API revalidates it when the owner saves them. */
export const STORE_SETTINGS_TAG = 'store';

/** What the storefront shows while the API cannot be read: the store's defaults. */
const FALLBACK: PublicStoreSettings = {
  storeName: DEFAULT_STORE_NAME,
  logoUrl: null,
  brandColour: DEFAULT_BRAND_COLOUR,
  contactEmail: null,
  contactPhone: null,
  dataProtectionOfficerName: null,
  dataProtectionOfficerEmail: null,
  sellerName: '',
  sellerAddress: '',
  sellerGstin: '',
  grievanceOfficerName: null,
  grievanceOfficerDesignation: null,
  grievanceOfficerEmail: null,
  grievanceOfficerPhone: null,
};

/**
 * GET /store-settings: the store's name, logo, brand colour and contact details (docs/admin.md
 * "Store settings"), kept 5 seconds and dropped at once by the API's revalidation call. The
 * defaults when the API cannot be read: a page never fails for want of the store's name.
 */
export async function getStoreSettings(): Promise<PublicStoreSettings> {
  try {
    const data = await apiGet('/store-settings', { revalidate: 5, tags: [STORE_SETTINGS_TAG], timeoutMs: 3_000 });
    return checked(publicStoreSettingsSchema, data, 'store settings');
  } catch {
    return FALLBACK;
  }
}
