/**
 * What the law asks a store to show before it sells, checked against the store settings in
 * force (saved values, else the environment's: what the storefront shows; docs/admin.md
 * "Dashboard", docs/compliance.md). One entry of LEGAL_REQUIREMENTS per requirement: a new one
 * is one more entry.
 */
import { addressPincode, isValidGstin, type LegalCheck, type StoreSettings } from '@vastra/contracts';

/** What a requirement is checked with: the settings in force and the GSTIN rules of this store. */
export type LegalCheckContext = {
  settings: StoreSettings;
  /** STORE_STATE: the store's GSTIN starts with it. */
  storeState: string;
  /** The sample GSTIN refused on this server (production), or null. */
  refusedGstin: string | null;
};

type Requirement = {
  id: string;
  label: string;
  law: string;
  /** What is missing or wrong, or null when met. */
  missing: (c: LegalCheckContext) => string | null;
};

const CONSUMER_RULES = 'Consumer Protection (E-Commerce) Rules, 2020';
const DPDP = 'Digital Personal Data Protection Act, 2023';

/** Each requirement, in the order the dashboard lists them. */
export const LEGAL_REQUIREMENTS: readonly Requirement[] = [
  {
    id: 'seller-name',
    label: 'Seller’s legal name',
    law: CONSUMER_RULES,
    missing: ({ settings }) => (settings.sellerName.trim() ? null : 'No legal name of the seller is set.'),
  },
  {
    id: 'seller-address',
    label: 'Seller’s geographic address',
    law: CONSUMER_RULES,
    missing: ({ settings }) =>
      addressPincode(settings.sellerAddress.trim())
        ? null
        : 'The seller’s address is missing or does not end with its 6-digit pincode.',
  },
  {
    id: 'seller-gstin',
    label: 'Seller’s GSTIN',
    law: CONSUMER_RULES,
    missing: ({ settings: { sellerGstin }, storeState, refusedGstin }) => {
      if (!isValidGstin(sellerGstin)) return 'The GSTIN is missing or not a valid GSTIN.';
      if (!sellerGstin.startsWith(storeState))
        return `The GSTIN does not start with ${storeState}, the store’s state code.`;
      if (sellerGstin === refusedGstin) return 'The GSTIN is the sample of the default configuration.';
      return null;
    },
  },
  {
    id: 'customer-care',
    label: 'Customer care contact',
    law: CONSUMER_RULES,
    missing: ({ settings }) =>
      settings.contactEmail || settings.contactPhone
        ? null
        : 'No contact email or phone: the storefront shows no customer care line.',
  },
  {
    id: 'grievance-officer',
    label: 'Grievance officer (name, designation and contact)',
    law: CONSUMER_RULES,
    missing: ({ settings: s }) => {
      const absent = [
        s.grievanceOfficerName ? null : 'name',
        s.grievanceOfficerDesignation ? null : 'designation',
        s.grievanceOfficerEmail || s.grievanceOfficerPhone ? null : 'email or phone',
      ].filter((part): part is string => part !== null);
      if (!absent.length) return null;
      const last = absent.pop()!;
      return `Not set: the grievance officer’s ${absent.length ? `${absent.join(', ')} and ${last}` : last}.`;
    },
  },
  {
    id: 'data-protection-contact',
    label: 'Data protection contact on the privacy page',
    law: DPDP,
    // The privacy page shows the data protection email, else the store's contact email.
    missing: ({ settings }) =>
      settings.dataProtectionOfficerEmail || settings.contactEmail
        ? null
        : 'No data protection email and no contact email: the privacy page names no one to ask.',
  },
];

/** Every requirement checked against `context`, in LEGAL_REQUIREMENTS' order. */
export function checkLegalRequirements(context: LegalCheckContext): LegalCheck {
  const requirements = LEGAL_REQUIREMENTS.map(({ id, label, law, missing }) => {
    const said = missing(context);
    return { id, label, law, met: said === null, missing: said };
  });
  return { allMet: requirements.every((r) => r.met), requirements };
}
