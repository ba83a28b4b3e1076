/**
 * Ids (docs/architecture.md "Time and ids"): every row id is a UUID. A string that is not one can
 * never name a row, so lookups answer "not found" without asking the database.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}
