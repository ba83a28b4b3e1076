/**
 * Our Razorpay checkout page (behaviour.md §12 gateways): where checkout sends a shopper who pays
 * with Razorpay. It loads Razorpay's checkout.js (RAZORPAY_CHECKOUT_URL) on this page only, opens
 * Razorpay's modal with the key id and Razorpay's order id, and posts the modal's signed answer
 * (razorpay_payment_id, razorpay_order_id, razorpay_signature) to our verify route, which
 * redirects to the storefront's confirmation. Without JavaScript, or when the shopper closes the
 * modal, the page offers a button to open it again and a link back to the order. One attempt per
 * Razorpay order (the modal's retry is off): a failed payment fails the order, as with PhonePe.
 * Served with a Content-Security-Policy allowing only its own style and script (by hash), the
 * checkout script's origin, and Razorpay's frames and API.
 */
import { createHash } from 'node:crypto';
import { formatPrice } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f4f1ec;color:#1d1b18;line-height:1.5}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{margin:0 0 1rem;font-size:1.5rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#4a4540}
dd{margin:0;font-weight:600}
button{font:inherit;font-size:1.125rem;font-weight:600;min-height:3.25rem;padding:.75rem 1rem;border:0;border-radius:8px;color:#fff;background:#0a4fa8;cursor:pointer;width:100%}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
a{color:#1d4ed8;font-weight:600}
`;

/**
 * Reads the page's data from its data element, opens the modal, and posts the signed answer.
 * Static, so its hash stays the same and the policy allows it without 'unsafe-inline'.
 */
const SCRIPT = `
(function(){
var data=JSON.parse(document.getElementById('razorpay-data').textContent);
var form=document.getElementById('razorpay-answer');
var status=document.getElementById('razorpay-status');
var button=document.getElementById('razorpay-open');
function open(){
if(typeof Razorpay!=='function'){status.textContent=data.unavailable;return;}
var modal=new Razorpay({key:data.key,order_id:data.orderId,amount:data.amount,currency:'INR',name:data.name,
description:data.description,retry:{enabled:false},
handler:function(r){form.elements.razorpay_payment_id.value=r.razorpay_payment_id;
form.elements.razorpay_order_id.value=r.razorpay_order_id;form.elements.razorpay_signature.value=r.razorpay_signature;
status.textContent=data.confirming;form.submit();},
modal:{ondismiss:function(){status.textContent=data.dismissed;button.hidden=false;}}});
modal.on('payment.failed',function(){window.location.assign(data.confirmationUrl);});
button.hidden=true;modal.open();
}
button.addEventListener('click',open);
if(document.readyState==='complete')open();else window.addEventListener('load',open);
})();
`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The page's Content-Security-Policy: its own style and script (by hash), checkout.js from its
 * origin, Razorpay's frames and API (the modal talks to them), form posts to the API and the
 * storefront (the post answers with a redirect there, which browsers check against form-action).
 */
export function razorpayPagePolicy(checkoutUrl: string, storefrontUrl: string): string {
  const checkout = new URL(checkoutUrl).origin;
  return [
    "default-src 'none'",
    `style-src ${hash(STYLE)}`,
    `script-src ${hash(SCRIPT)} ${checkout}`,
    `frame-src ${checkout} https://api.razorpay.com`,
    `connect-src ${checkout} https://api.razorpay.com https://lumberjack.razorpay.com`,
    `img-src ${checkout} https://cdn.razorpay.com data:`,
    `form-action 'self' ${new URL(storefrontUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export type RazorpayPageInput = {
  orderNumber: string;
  amountPaise: number;
  keyId: string;
  razorpayOrderId: string;
  storeName: string;
  checkoutUrl: string;
  /** Our verify route for this payment (relative). */
  verifyPath: string;
  /** The storefront's confirmation page of the order. */
  confirmationUrl: string;
};

/** The page for a pending Razorpay payment: order number, amount, the modal opened at load, and a way back. */
export function renderRazorpayPage(input: RazorpayPageInput): string {
  const amount = formatPrice(paiseToRupees(input.amountPaise));
  // `<` escaped so the JSON cannot close its script element.
  const data = JSON.stringify({
    key: input.keyId,
    orderId: input.razorpayOrderId,
    amount: input.amountPaise,
    name: input.storeName,
    description: `Order ${input.orderNumber}`,
    confirmationUrl: input.confirmationUrl,
    confirming: 'Payment received; confirming it with Razorpay…',
    dismissed: 'The payment window was closed. Open it again to pay.',
    unavailable: 'Razorpay could not be loaded. Check your connection and reload this page.',
  }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`Pay ${amount} for order ${input.orderNumber} · ${input.storeName}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Pay for your order</h1>
<dl>
<dt>Order</dt><dd>${escapeHtml(input.orderNumber)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
</dl>
<p id="razorpay-status" role="status" aria-live="polite"></p>
<button type="button" id="razorpay-open">Pay with Razorpay</button>
<form id="razorpay-answer" method="post" action="${escapeHtml(input.verifyPath)}">
<input type="hidden" name="razorpay_payment_id">
<input type="hidden" name="razorpay_order_id">
<input type="hidden" name="razorpay_signature">
</form>
<p><a href="${escapeHtml(input.confirmationUrl)}">Back to your order</a></p>
</main>
<script type="application/json" id="razorpay-data">${data}</script>
<script src="${escapeHtml(input.checkoutUrl)}"></script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
