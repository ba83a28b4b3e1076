import { removeCommerceLineItem, updateCommerceLineItem } from '@/lib/commerce/cart';
import { jsonBody, respond } from '@/lib/commerce/respond';

type Params = { params: Promise<{ lineId: string }> };

/** POST { quantity }: sets a line's quantity (0 removes it). */
export function POST(request: Request, { params }: Params) {
  return respond(async () => {
    const body = await jsonBody(request);
    const quantity = typeof body.quantity === 'number' ? body.quantity : Number.NaN;
    return { cart: await updateCommerceLineItem((await params).lineId, quantity) };
  });
}

/** DELETE: removes a line. */
export function DELETE(_request: Request, { params }: Params) {
  return respond(async () => ({ cart: await removeCommerceLineItem((await params).lineId) }));
}
