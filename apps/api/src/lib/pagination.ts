/**
 * Paging query parameters: `page` from 1, `limit` from 1 with a default per endpoint, clamped
 * to MAX_PAGE_LIMIT (a shopper asking for 100000 gets the largest page, not an error).
 */
import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '@vastra/contracts';

export function pageQuery(defaultLimit: number) {
  return z.object({
    page: z.coerce.number({ message: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be 1 or more').default(1),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be 1 or more')
      .default(defaultLimit)
      .transform((n) => Math.min(n, MAX_PAGE_LIMIT)),
  });
}
