'use client';

import { REVIEW_MESSAGES } from '@vastra/contracts';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { useAppSelector } from '@/lib/store/hooks';
import { ReviewForm } from './review-form';

/** The review form, or 'Please login to submit a review' with a Login button (behaviour.md §5). */
export function FormOrLogin({ productId, onPosted }: { productId: string; onPosted: () => void }) {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  if (!isAuthenticated) return <LoginPrompt message={REVIEW_MESSAGES.loginRequired} />;
  return <ReviewForm productId={productId} onPosted={onPosted} />;
}
