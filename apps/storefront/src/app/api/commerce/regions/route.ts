import { listCommerceRegions } from '@/lib/commerce/cart';
import { respond } from '@/lib/commerce/respond';

/** GET: the regions of the commerce backend (`{ regions }`). */
export function GET() {
  return respond(async () => ({ regions: await listCommerceRegions() }));
}
