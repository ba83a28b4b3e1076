import { createHmac, timingSafeEqual } from 'node:crypto';
import { REVALIDATE_MAX_AGE_MS, revalidateBodySchema, type RevalidateTag } from '@vastra/contracts';

/**
 * Checks the API's revalidation call (docs/admin.md "Shoppers see changes within seconds";
 * packages/contracts/src/revalidate.ts): the raw body's HMAC-SHA256 under `secret` must equal
 * the hex `signature`, the call must be younger than REVALIDATE_MAX_AGE_MS at `now` (ms), and
 * every tag one the storefront knows. Answers the tags, or the HTTP status to refuse with.
 */
export function verifiedTags(
  raw: string,
  signature: string | null,
  secret: string | undefined,
  now: number,
): { tags: RevalidateTag[] } | { status: 400 | 401 | 404 } {
  if (!secret) return { status: 404 };
  const given = Buffer.from(signature ?? '', 'hex');
  const expected = createHmac('sha256', secret).update(raw).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 401 };
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { status: 400 };
  }
  const parsed = revalidateBodySchema.safeParse(body);
  if (!parsed.success) return { status: 400 };
  if (Math.abs(now - parsed.data.at) > REVALIDATE_MAX_AGE_MS) return { status: 401 };
  return { tags: parsed.data.tags };
}
