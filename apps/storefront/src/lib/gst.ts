import { formatRate, type TaxComponent, type TaxResult } from '@vastra/contracts';

export { formatRate };

/**
 * How GST reads on the checkout, the confirmation and the order page (behaviour.md §3 Tax result): one row per component,
 * CGST and SGST for a delivery inside the store's state, IGST for another state, each with its
 * rate; and the sentence that says whether the prices already hold it. Amounts in rupees.
 */

/** One row of the GST breakdown: "CGST @ 9%" and its amount. */
export type TaxRow = { name: TaxComponent['name']; label: string; amount: number };

const ORDER: Record<TaxComponent['name'], number> = { CGST: 0, SGST: 1, IGST: 2 };

/** The rows of the breakdown, CGST before SGST before IGST, lower rates first. */
export function taxRows(taxes: readonly TaxComponent[]): TaxRow[] {
  return [...taxes]
    .sort((a, b) => ORDER[a.name] - ORDER[b.name] || a.rate - b.rate)
    .map((t) => ({ name: t.name, label: `${t.name} @ ${formatRate(t.rate)}%`, amount: t.amount }));
}

/** How GST is split: CGST + SGST (inside the seller's state), IGST (another state), or not known yet. */
export type TaxSplit = 'intra' | 'inter' | 'unknown';

/** The split of a quote: by its place of supply (null = no state yet, shown as IGST). */
export function splitOfQuote(result: Pick<TaxResult, 'intraState' | 'placeOfSupply'>): TaxSplit {
  if (result.placeOfSupply === null) return 'unknown';
  return result.intraState ? 'intra' : 'inter';
}

/** The split of an order, from its components. */
export function splitOfComponents(taxes: readonly TaxComponent[]): TaxSplit {
  if (taxes.some((t) => t.name === 'CGST' || t.name === 'SGST')) return 'intra';
  return taxes.some((t) => t.name === 'IGST') ? 'inter' : 'unknown';
}

/** What the sentence under a breakdown says (gstNote), for the page to word in its language. */
export type GstNoteParts = { pricesIncludeTax: boolean; split: TaxSplit; stateName?: string | null };

/** The keys of `common.totals` the sentence under a breakdown is made of. */
export type GstNoteKey =
  'note.include' | 'note.added' | 'note.unknown' | 'note.intra' | 'note.intraTo' | 'note.inter' | 'note.interTo';

/** next-intl's translator of `common.totals`, for the keys gstNote uses. */
export type GstNoteTranslator = (key: GstNoteKey, values?: { state: string }) => string;

/**
 * The sentence under the breakdown, in the page's language (`t`): whether GST is inside the
 * prices or added to them, and why it is split the way it is (the state the order is delivered
 * to, behaviour.md §3).
 */
export function gstNote(t: GstNoteTranslator, { pricesIncludeTax, split, stateName }: GstNoteParts): string {
  const state = stateName ?? null;
  const why =
    split === 'unknown'
      ? t('note.unknown')
      : split === 'intra'
        ? state
          ? t('note.intraTo', { state })
          : t('note.intra')
        : state
          ? t('note.interTo', { state })
          : t('note.inter');
  return `${pricesIncludeTax ? t('note.include') : t('note.added')} ${why}`;
}
