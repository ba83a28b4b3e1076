/**
 * Razorpay's Standard Checkout on the checkout page (behaviour.md §12), loaded only when a
 * shopper has placed an order to pay with Razorpay: reads the modal's options from the API,
 * loads checkout.js (RAZORPAY_CHECKOUT_URL, with the page's nonce), opens the modal, and posts
 * its signed answer (razorpay_payment_id, razorpay_order_id, razorpay_signature) to the API's
 * verify route, which checks it and redirects to the confirmation. Rejects when the options or
 * the script cannot be had; the caller then sends the shopper to the API's Razorpay page.
 */
import { readRazorpayCheckout } from '@/lib/api/browser/checkout';

type RazorpayModal = { open(): void; on(event: string, handler: () => void): void };
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayModal;

/** The answer checkout.js hands to the handler when the payment went through. */
type RazorpayAnswer = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

export type PayWithRazorpay = {
  apiUrl: string;
  /** The order's paymentUrl: the API's Razorpay page, ending with our payment's id. */
  paymentUrl: string;
  scriptUrl: string;
  nonce: string | null;
  /** The shopper closed the modal, or the payment failed: the order's confirmation takes over. */
  onClosed: () => void;
};

function loadScript(src: string, nonce: string | null): Promise<RazorpayConstructor> {
  const loaded = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      const ready = (window as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ready) resolve(ready);
      else reject(new Error('Razorpay checkout did not load'));
    };
    script.onerror = () => reject(new Error('Razorpay checkout could not be loaded'));
    document.head.append(script);
  });
}

/** A plain form post of the answer to the API: the browser follows its redirect to the confirmation. */
function postAnswer(url: string, answer: RazorpayAnswer): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(answer)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/** Opens Razorpay's modal for the order's payment; resolves once it is open. */
export async function payWithRazorpay({ apiUrl, paymentUrl, scriptUrl, nonce, onClosed }: PayWithRazorpay) {
  const merchantOrderId = decodeURIComponent(new URL(paymentUrl).pathname.split('/').pop() ?? '');
  const [checkout, Razorpay] = await Promise.all([
    readRazorpayCheckout(apiUrl, merchantOrderId),
    loadScript(scriptUrl, nonce),
  ]);
  const modal = new Razorpay({
    key: checkout.keyId,
    order_id: checkout.razorpayOrderId,
    name: checkout.storeName,
    description: `Order ${checkout.orderNumber}`,
    // One attempt per order: a failed payment fails the order (behaviour.md §12).
    retry: { enabled: false },
    handler: (answer: RazorpayAnswer) => postAnswer(checkout.verifyUrl, answer),
    modal: { ondismiss: onClosed },
  });
  modal.on('payment.failed', onClosed);
  modal.open();
}
