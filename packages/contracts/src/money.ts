/**
 * Price display (behaviour.md §9, docs/architecture.md "Money"): `₹ 1,29,999` with Indian digit grouping,
 * `₹0` when there is no amount. Input in rupees.
 */
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₹ 1,299` for whole rupees; `₹ 1,626.30` (always two decimals) when there are paise. */
export function formatPrice(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '₹0';
  const paise = Math.round(amount * 100);
  return `₹ ${paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesAndPaise.format(paise / 100)}`;
}
