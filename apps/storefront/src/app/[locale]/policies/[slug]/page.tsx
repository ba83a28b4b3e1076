import { POLICY_SLUGS, type PolicySlug } from '@vastra/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PolicyView } from '@/features/policies/policy-view';
import { getPolicy } from '@/lib/api/server/policies';
import { getStoreSettings } from '@/lib/api/server/store-settings';

type Props = { params: Promise<{ locale: string; slug: string }> };

const isPolicySlug = (slug: string): slug is PolicySlug => (POLICY_SLUGS as readonly string[]).includes(slug);

/** The page's policy; notFound() for another slug or one the API does not have. */
async function load(params: Props['params']) {
  const { slug } = await params;
  if (!isPolicySlug(slug)) notFound();
  const policy = await getPolicy(slug);
  if (!policy) notFound();
  return policy;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const policy = await load(params);
  return { title: policy.title };
}

/**
 * /policies/{slug} and /hi/policies/{slug} (behaviour.md "Policies and listing details"): returns,
 * refunds and exchanges; shipping; cancellation; terms; privacy, as the owner wrote them. The
 * privacy page also names the store's data protection contact (store settings).
 */
export default async function PolicyPage({ params }: Props) {
  const policy = await load(params);
  const store = policy.slug === 'privacy' ? await getStoreSettings() : null;
  return <PolicyView policy={policy} store={store} />;
}
