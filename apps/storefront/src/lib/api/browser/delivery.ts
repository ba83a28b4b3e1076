import { ADDRESS_MESSAGES, type DeliveryEstimate } from '@vastra/contracts';
import { failureMessage, storefrontApi } from './api';

/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): GET
 * /shipping/delivery-estimate, one answer per pincode kept in the cache, so the product page,
 * the cart and the checkout ask once for the same pincode. A failure's message is the server's
 * (a 6-digit pincode, an unknown pincode), else the pincode fallback.
 */
export const deliveryApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    deliveryEstimate: build.query<DeliveryEstimate, string>({
      query: (pincode) => ({ path: `/shipping/delivery-estimate?${new URLSearchParams({ pincode })}` }),
      transformResponse: (data: DeliveryEstimate | undefined) => {
        if (!data?.deliveryBy) throw new Error(ADDRESS_MESSAGES.pincodeUnknown);
        return data;
      },
      transformErrorResponse: (failure) => ({
        ...failure,
        message: failureMessage(failure, ADDRESS_MESSAGES.pincodeUnknown),
      }),
    }),
  }),
});

export const { useDeliveryEstimateQuery } = deliveryApi;
