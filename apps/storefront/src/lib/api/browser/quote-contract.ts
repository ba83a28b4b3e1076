/**
 * The checkout quote's contract, in a module of its own so that the browser loads zod and the
 * contracts' schemas only when a quote is checked, never with the checkout page (docs/performance.md).
 */
export { checkoutQuoteSchema } from '@vastra/contracts';
