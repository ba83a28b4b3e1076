import type { SizeChart } from '@vastra/contracts';
import { storefrontApi } from './api';

/**
 * The size chart of a product page (docs/shopper-features.md "Size charts and fit"): read once
 * the page is in the browser, as it is needed only when the shopper opens it; a product
 * without a chart answers 404 and shows no link.
 */
export const sizingApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /products/{id}/size-chart: lengths in cm, with the guide they come from. */
    sizeChart: build.query<SizeChart, string>({
      query: (productId) => ({ path: `/products/${encodeURIComponent(productId)}/size-chart` }),
    }),
  }),
});

export const { useSizeChartQuery } = sizingApi;
