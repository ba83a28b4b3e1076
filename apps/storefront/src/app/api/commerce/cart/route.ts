import { getCommerceCart } from '@/lib/commerce/cart';
import { respond } from '@/lib/commerce/respond';

/** GET: the shopper's backend cart (`{ cart }`, null when there is none). */
export function GET() {
  return respond(async () => ({ cart: await getCommerceCart() }));
}
