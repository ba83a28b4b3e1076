/** Reviews (behaviour.md §5, §8 Catalogue) and the API's own review answers. */
export const REVIEW_MESSAGES = {
  fetch: 'Failed to fetch reviews',
  post: 'Failed to post review',
  loginRequired: 'Please login to submit a review',
  posted: 'Thank you! Your review has been posted.',
  alreadyReviewed: 'You have already reviewed this product.',
  productRequired: 'Please choose a product.',
  rating: 'Please choose a rating from 1 to 5 stars.',
  title: 'Please add a title (up to 120 characters).',
  body: 'Please write your review (up to 2000 characters).',
  tooManyPhotos: 'You can add at most 5 photos.',
  photoTooLarge: 'Each photo must be 5 MB or smaller.',
  photoType: 'Photos must be JPEG, PNG or WebP images.',
  tooManyReviews: 'You have posted many reviews in a short time. Please wait a while before posting another.',
} as const;
