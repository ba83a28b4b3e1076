/**
 * The one region of the store (behaviour.md §1, §3 Region): India, INR, GST at 18 %, prices inclusive of
 * GST. Regions are not stored: this is the whole list.
 */
import type { HttpTypes } from '@medusajs/types';
import { COMMERCE_MESSAGES, REGION } from '@vastra/contracts';
import { ValidationError } from '../../lib/errors';
import { relation } from './fields';
import { resource, type Plain } from './shapes';

/** A Medusa store region plus the behaviour.md §3 fields Medusa keeps elsewhere (tax rate, tax-inclusive prices). */
export type StoreRegion = Plain<HttpTypes.StoreRegion & { tax_rate: number; is_tax_inclusive: boolean }>;

export const INDIA_REGION: StoreRegion = {
  id: REGION.id,
  name: REGION.name,
  currency_code: REGION.currency_code,
  automatic_taxes: true,
  is_tax_inclusive: true,
  tax_rate: REGION.tax_rate,
  countries: REGION.countries.map((c) => ({
    id: c.iso_2,
    iso_2: c.iso_2,
    iso_3: 'ind',
    num_code: '356',
    name: c.display_name.toUpperCase(),
    display_name: c.display_name,
  })),
  metadata: null,
};

export const REGIONS: readonly StoreRegion[] = [INDIA_REGION];

/** The region with this id, or undefined. */
export function findRegion(id: string): StoreRegion | undefined {
  return REGIONS.find((r) => r.id === id);
}

/** The region a request names (the India region when it names none); ValidationError for an unknown id. */
export function requestedRegion(id: string | undefined): StoreRegion {
  if (id === undefined) return INDIA_REGION;
  const region = findRegion(id);
  if (!region) throw new ValidationError(COMMERCE_MESSAGES.regionNotFound);
  return region;
}

type Country = StoreRegion['countries'] extends (infer C)[] | undefined | null ? C : never;

const country = resource<Country, HttpTypes.StoreRegionCountry>(
  {
    id: (c) => c.id,
    iso_2: (c) => c.iso_2,
    iso_3: (c) => c.iso_3,
    num_code: (c) => c.num_code,
    name: (c) => c.name,
    display_name: (c) => c.display_name,
  },
  [],
);

/** A region as /store answers it: Medusa's defaults (no dates: regions are not stored) and the tax fields. */
export const regionResource = resource<StoreRegion, StoreRegion>(
  {
    id: (r) => r.id,
    name: (r) => r.name,
    currency_code: (r) => r.currency_code,
    automatic_taxes: (r) => r.automatic_taxes,
    is_tax_inclusive: (r) => r.is_tax_inclusive,
    tax_rate: (r) => r.tax_rate,
    countries: relation(country, (r: StoreRegion) => r.countries ?? []),
    metadata: (r) => r.metadata,
  },
  ['id', 'name', 'currency_code', 'automatic_taxes', 'is_tax_inclusive', 'tax_rate', '*countries', 'metadata'],
);
