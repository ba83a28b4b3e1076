/**
 * Price display (§9, architecture.md "Money"): `₹ 1,29,999` with Indian digit grouping,
 * `₹0` when there is no amount. Input in rupees.
 */
const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

export function formatPrice(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '₹0';
  return `₹ ${rupees.format(amount)}`;
}
