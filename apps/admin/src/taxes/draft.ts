/** A GST rate slab as its form holds it (rupees and HSN digits as text) and as the API takes it; how the admin names a rule and its slab. */
import { type TaxRate, type TaxRateBody } from '@vastra/contracts';
import { rupees } from '../api';

/** The form's fields as typed: rupees and HSN digits as text, the rate in basis points. */
export type Draft = {
  id?: string;
  hsnPrefix: string;
  categoryId: string | null;
  minRupees: string;
  maxRupees: string;
  rateBasisPoints: number;
  description: string;
};

export const EMPTY: Draft = {
  hsnPrefix: '',
  categoryId: null,
  minRupees: '0',
  maxRupees: '',
  rateBasisPoints: 500,
  description: '',
};
export const percent = (bp: number) => `${bp / 100} %`;
export const toPaise = (text: string) => Math.round(Number(text) * 100);
export const rupeesText = (paise: number | null) => (paise === null ? '' : String(paise / 100));
export const moneyValid = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim());

export function bodyOf(d: Draft): TaxRateBody {
  return {
    hsnPrefix: d.hsnPrefix.trim() || null,
    categoryId: d.categoryId,
    minUnitPaise: toPaise(d.minRupees || '0'),
    maxUnitPaise: d.maxRupees.trim() ? toPaise(d.maxRupees) : null,
    rateBasisPoints: d.rateBasisPoints,
    description: d.description.trim(),
  };
}

export function draftOf(r: TaxRate): Draft {
  return {
    id: r.id,
    hsnPrefix: r.hsnPrefix ?? '',
    categoryId: r.categoryId,
    minRupees: rupeesText(r.minUnitPaise),
    maxRupees: rupeesText(r.maxUnitPaise),
    rateBasisPoints: r.rateBasisPoints,
    description: r.description,
  };
}

/** "HSN 6211 · Apparel › Topwear", or "Every product" for the default rule. */
export function appliesTo(r: Pick<TaxRate, 'hsnPrefix' | 'categoryPath'>): string {
  const parts = [r.hsnPrefix ? `HSN starting ${r.hsnPrefix}` : null, r.categoryPath].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every product (default)';
}

export function slabText(r: Pick<TaxRate, 'minUnitPaise' | 'maxUnitPaise'>): string {
  if (r.maxUnitPaise === null) return r.minUnitPaise === 0 ? 'Any price' : `From ${rupees(r.minUnitPaise)}`;
  return `${rupees(r.minUnitPaise)} to ${rupees(r.maxUnitPaise)}`;
}
