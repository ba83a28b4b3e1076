/** The message of last resort (behaviour.md §8), word for word; see messages.ts. */
export const GENERIC_MESSAGES = {
  fallback: 'Something went wrong. Please try again later.',
} as const;
