import { applyCommercePromotion, removeCommercePromotion } from '@/lib/commerce/cart';
import { jsonBody, respond, stringField } from '@/lib/commerce/respond';

/** POST { code }: applies a coupon code to the shopper's cart. */
export function POST(request: Request) {
  return respond(async () => ({
    cart: await applyCommercePromotion(stringField(await jsonBody(request), 'code') ?? ''),
  }));
}

/** DELETE { code }: removes it. */
export function DELETE(request: Request) {
  return respond(async () => ({
    cart: await removeCommercePromotion(stringField(await jsonBody(request), 'code') ?? ''),
  }));
}
