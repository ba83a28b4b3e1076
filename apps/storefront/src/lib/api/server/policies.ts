import 'server-only';
import { publicPolicySchema, type PolicySlug, type PublicPolicy } from '@vastra/contracts';
import { apiGet, checked, isNotFound } from './client';

/** Cache tag of the policy pages; the API revalidates it when the owner saves one. */
export const POLICIES_TAG = 'policies';

/**
 * GET /policies/{slug}: a policy page (behaviour.md "Policies and listing details"), its HTML
 * made safe by the API from the owner's Markdown; kept a minute and dropped at once by the API's
 * revalidation call. Null when the API has no such page.
 */
export async function getPolicy(slug: PolicySlug): Promise<PublicPolicy | null> {
  try {
    const data = await apiGet(`/policies/${slug}`, { revalidate: 60, tags: [POLICIES_TAG] });
    return checked(publicPolicySchema, data, 'policies/{slug}');
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
