import { ADDRESS_MESSAGES, type DeliveryEstimate } from '@vastra/contracts';
import { MutationError, read } from './mutate';

/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): GET
 * /shipping/delivery-estimate through the write helper's read (mutate.ts), one answer per
 * pincode kept for the page's life, so the checkout asks once for each address's pincode. A
 * failure's message is the server's (a 6-digit pincode, an unknown pincode), else the pincode
 * fallback ('We could not find this pincode. Please check it.').
 */
const answers = new Map<string, Promise<DeliveryEstimate>>();

/** The estimate for a 6-digit pincode; throws MutationError when it cannot be told (and asks again next time). */
export function deliveryEstimate(apiUrl: string, pincode: string): Promise<DeliveryEstimate> {
  const key = `${apiUrl} ${pincode}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = read<DeliveryEstimate>(apiUrl, `/shipping/delivery-estimate?${new URLSearchParams({ pincode })}`, {
      fallback: ADDRESS_MESSAGES.pincodeUnknown,
    }).then(({ data }) => {
      if (!data?.deliveryBy) throw new MutationError(ADDRESS_MESSAGES.pincodeUnknown, 200);
      return data;
    });
    answer.catch(() => answers.delete(key));
    answers.set(key, answer);
  }
  return answer;
}
