import { addCommerceLineItem } from '@/lib/commerce/cart';
import { jsonBody, respond, stringField } from '@/lib/commerce/respond';

/** POST { variant_id, quantity, region_id }: adds to the shopper's cart, creating it in the region on the first add. */
export function POST(request: Request) {
  return respond(async () => {
    const body = await jsonBody(request);
    const cart = await addCommerceLineItem({
      variantId: stringField(body, 'variant_id') ?? '',
      quantity: typeof body.quantity === 'number' ? body.quantity : 1,
      regionId: stringField(body, 'region_id') ?? null,
    });
    return { cart };
  });
}
