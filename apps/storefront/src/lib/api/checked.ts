/** The part of a zod schema used here (the contracts' schemas), without depending on zod. */
export type Contract<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
};

/**
 * Checks an answer (or a part of one) against its contract from `@vastra/contracts`, for the
 * server and the browser data layer alike. A mismatch is logged and the value used as it is: a
 * new or missing optional field must not take the shop down.
 */
export function checked<T>(contract: Contract<T>, value: unknown, label: string): T {
  const parsed = contract.safeParse(value);
  if (parsed.success) return parsed.data;
  console.warn(`API answer ${label} does not match the contract:`, JSON.stringify(parsed.error.issues.slice(0, 3)));
  return value as T;
}
