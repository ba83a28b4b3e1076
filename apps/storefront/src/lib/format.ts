export { formatPrice } from '@vastra/contracts';

/** A count with Indian digit grouping and Western digits, "1,23,456", in either language's messages. */
export function formatInteger(count: number): string {
  return new Intl.NumberFormat('en-IN').format(count);
}

/** "1 product", "42 products", with Indian digit grouping. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(count)} ${count === 1 ? singular : plural}`;
}

/** "4.3" for a rating average. */
export function formatRating(value: number): string {
  return value.toFixed(1);
}
