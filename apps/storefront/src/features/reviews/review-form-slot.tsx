'use client';

import { REVIEW_MESSAGES } from '@vastra/contracts';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { useShopper } from '@/lib/shopper-context';
import { lazyIsland } from '@/lib/lazy-island';

// A logged-in shopper's form, loaded after the page.
const ReviewFormIsland = lazyIsland(
  () => import('./review-form').then((module) => module.ReviewForm),
  <div aria-hidden="true" className="min-h-40" />,
);

/**
 * The review form for a logged-in shopper, else 'Please login to submit a review' with a Login
 * button (behaviour.md §5), decided by the shopper context the server rendered.
 */
export function FormOrLogin({ productId, onPosted }: { productId: string; onPosted: () => void }) {
  const { user } = useShopper();
  if (!user) return <LoginPrompt message={REVIEW_MESSAGES.loginRequired} />;
  return <ReviewFormIsland productId={productId} onPosted={onPosted} />;
}
