// The storefront's /media route itself: the hero image streams from the API the same way.
export { GET } from '@/app/media/[...path]/route';
