/**
 * Money helpers (architecture.md "Money"): integer paise inside, rupees at the JSON edge.
 */

/** Paise (integer) → rupees (number with at most two decimals). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees → paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
