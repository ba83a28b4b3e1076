'use client';

import { REVIEW_MESSAGES } from '@vastra/contracts';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { useShopper } from '@/lib/shopper-context';
import { storeIsland } from '@/lib/store/store-provider';

// The form posts through the store: it (and the store) load for a logged-in shopper only.
const ReviewFormIsland = storeIsland(
  () => import('./review-form-or-login').then((module) => module.FormOrLogin),
  <div aria-hidden="true" className="min-h-40" />,
);

/**
 * The review form for a logged-in shopper, else 'Please login to submit a review' with a Login
 * button (behaviour.md §5), decided by the shopper context the server rendered, so a guest's
 * prompt needs no store.
 */
export function FormOrLogin({ productId, onPosted }: { productId: string; onPosted: () => void }) {
  const { user } = useShopper();
  if (!user) return <LoginPrompt message={REVIEW_MESSAGES.loginRequired} />;
  return <ReviewFormIsland productId={productId} onPosted={onPosted} />;
}
