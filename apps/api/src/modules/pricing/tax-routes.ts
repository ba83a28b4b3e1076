/**
 * POST /taxes/calculate (behaviour.md §7 Coupons and taxes, §3 Tax result, §5): GST on the discounted
 * value for a ship-to state. Public: it is an estimate for the checkout page; the orders
 * module taxes the order itself from the catalogue's prices.
 *
 * - Without `items`, the subtotal is one line at the default rate. With `items`, each item's
 *   price × quantity is a line (the `subtotal` sent must still be valid, but the lines are
 *   what is taxed), and the discount is shared over the lines in proportion to their value.
 *   An item naming a `productId` is taxed with that product's HSN code and category (the
 *   catalogue's, whatever the item says); otherwise its `hsnCode` is used, if any.
 * - A discount above the subtotal counts as the whole subtotal.
 * - The state comes from `stateCode` (a GST code or a name), or else from `zipCode`; an
 *   unknown state means IGST.
 *
 * 400 `Valid subtotal is required` for a missing, zero, negative or non-numeric subtotal;
 * 400 TAX_MESSAGES.countryNotSupported outside India; 404 for an unknown product.
 */
import { CATALOG_MESSAGES, calculateTaxBodySchema, envelope, taxResultSchema, type TaxResult } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import type { CatalogService } from '../catalog/service';
import type { TaxQuote, TaxService } from '../taxes';
import type { PricingService } from './service';

/** The behaviour.md §3 Tax result of a quote (a tax quote or the pricing's), in rupees. */
export function toTaxResult(
  quote: Pick<
    TaxQuote,
    'taxPaise' | 'components' | 'totalPaise' | 'taxablePaise' | 'pricesIncludeTax' | 'placeOfSupply' | 'intraState'
  >,
): TaxResult {
  return {
    totalTax: paiseToRupees(quote.taxPaise),
    taxes: quote.components.map((c) => ({ name: c.name, rate: c.rate, amount: paiseToRupees(c.amountPaise) })),
    totalAmount: paiseToRupees(quote.totalPaise),
    taxableAmount: paiseToRupees(quote.taxablePaise),
    pricesIncludeTax: quote.pricesIncludeTax,
    placeOfSupply: quote.placeOfSupply,
    intraState: quote.intraState,
  };
}

export const taxesRoutes: FastifyPluginAsyncZod<{
  taxes: Pick<TaxService, 'placeOfSupply'>;
  catalog: CatalogService;
  pricing: Pick<PricingService, 'quote'>;
}> = async (app, { taxes, catalog, pricing }) => {
  app.post(
    '/taxes/calculate',
    {
      schema: {
        tags: ['taxes'],
        summary: 'GST (CGST + SGST inside the store’s state, IGST elsewhere) on a subtotal or on items',
        body: calculateTaxBodySchema,
        response: { 200: envelope(taxResultSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const body = request.body;
      const priced = body.items?.length
        ? body.items.map((item) => ({ ...item, unitPricePaise: rupeesToPaise(item.price) }))
        : [
            {
              price: body.subtotal,
              quantity: 1,
              productId: undefined,
              hsnCode: undefined,
              unitPricePaise: rupeesToPaise(body.subtotal),
            },
          ];
      const productIds = priced.flatMap((p) => (p.productId ? [p.productId] : []));
      const products = await catalog.taxKeys(productIds);
      if (productIds.some((id) => !products.has(id))) throw new NotFoundError(CATALOG_MESSAGES.productNotFound);
      // The client's prices (an estimate for the checkout page), through the store's one pricing.
      const quote = await pricing.quote({
        lines: priced.map((p) => {
          const product = p.productId ? products.get(p.productId) : undefined;
          return {
            productId: p.productId ?? '',
            variantId: '',
            quantity: p.quantity,
            unitPricePaise: p.unitPricePaise,
            hsnCode: product?.hsnCode ?? p.hsnCode ?? '',
            categoryId: product?.categoryId ?? null,
          };
        }),
        discountPaise: rupeesToPaise(body.discountAmount),
        placeOfSupply: taxes.placeOfSupply({ stateCode: body.stateCode, zipCode: body.zipCode }),
        userId: null,
        charges: false,
      });
      return ok(toTaxResult(quote));
    },
  );
};
