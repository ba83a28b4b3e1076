/**
 * The HTML of the sandbox payment page: small, self-contained (inline CSS, no script, no
 * external asset) and usable without JavaScript (one form, three submit buttons). It works
 * with a keyboard and a screen reader: one heading, the choices in a fieldset with a legend,
 * visible focus, AA contrast. Served with a strict Content-Security-Policy whose only
 * allowances are this stylesheet (by hash) and form posts to the API and the storefront (the
 * post answers with a redirect to the storefront).
 */
import { createHash } from 'node:crypto';
import { formatPrice, type PaymentStatus } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';

export const SANDBOX_MERCHANT = 'Vastra (sandbox)';

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f4f1ec;color:#1d1b18;line-height:1.5}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.merchant{margin:0;font-weight:600;color:#4a4540}
h1{margin:.25rem 0 1rem;font-size:1.5rem}
dl{margin:0 0 1rem;display:grid;grid-template-columns:auto 1fr;align-items:baseline;gap:.25rem 1rem}
dt{color:#4a4540}
dd{margin:0;font-weight:600}
.amount{font-size:1.75rem}
.note{padding:.75rem;background:#fff7e0;border-left:4px solid #8a5a00;border-radius:4px}
fieldset{border:0;margin:0;padding:0;display:grid;gap:.75rem}
legend{font-weight:600;margin-bottom:.5rem}
button{font:inherit;font-size:1.125rem;font-weight:600;min-height:3.25rem;padding:.75rem 1rem;border:0;border-radius:8px;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:3px}
.success{background:#0a6b31}
.failure{background:#a3221b}
.pending{background:#6b4a00}
a{color:#1d4ed8;font-weight:600}
`;

/** The page's Content-Security-Policy: nothing but its own stylesheet and form posts to the API and the storefront. */
export function sandboxPagePolicy(storefrontUrl: string): string {
  const styleHash = createHash('sha256').update(STYLE).digest('base64');
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `form-action 'self' ${new URL(storefrontUrl).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(title: string, body: string, merchant = SANDBOX_MERCHANT): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="merchant">${escapeHtml(merchant)}</p>
${body}
</main>
</body>
</html>
`;
}

export type SandboxPageInput = {
  orderNumber: string;
  amountPaise: number;
  status: PaymentStatus;
  /** The storefront's confirmation page of the order. */
  confirmationUrl: string;
};

/**
 * The payment page: order number, amount (₹ with Indian grouping), a note that no money
 * moves and the Success / Failure / Pending buttons; once the payment has settled, its
 * outcome and a link back to the order instead of the buttons.
 */
export function renderSandboxPage({ orderNumber, amountPaise, status, confirmationUrl }: SandboxPageInput): string {
  const amount = escapeHtml(formatPrice(paiseToRupees(amountPaise)));
  const details = `<dl>
<dt>Order</dt><dd>${escapeHtml(orderNumber)}</dd>
<dt>Amount</dt><dd class="amount">${amount}</dd>
</dl>`;
  if (status !== 'pending') {
    const heading = status === 'completed' ? 'Payment successful' : 'Payment failed';
    return page(
      `${heading} · ${SANDBOX_MERCHANT}`,
      `<h1>${heading}</h1>
${details}
<p>This test payment is settled: choosing again changes nothing.</p>
<p><a href="${escapeHtml(confirmationUrl)}">Back to your order</a></p>`,
    );
  }
  return page(
    `Pay ${formatPrice(paiseToRupees(amountPaise))} for order ${orderNumber} · ${SANDBOX_MERCHANT}`,
    `<h1>Pay for your order</h1>
${details}
<p class="note">This is the store's test payment page: no money moves. Choose how this payment should end.</p>
<form method="post">
<fieldset>
<legend>Outcome of the test payment</legend>
<button type="submit" name="outcome" value="success" class="success">Success</button>
<button type="submit" name="outcome" value="failure" class="failure">Failure</button>
<button type="submit" name="outcome" value="pending" class="pending">Pending</button>
</fieldset>
</form>`,
  );
}

/** The page for a payment link that leads nowhere (sandbox page or PhonePe return). */
export function renderNotFoundPage(storefrontUrl: string): string {
  return page(
    'Payment not found · Vastra',
    `<h1>Payment not found</h1>
<p>This payment link is not valid. If you were paying for an order, open it from your orders.</p>
<p><a href="${escapeHtml(storefrontUrl)}">Back to the shop</a></p>`,
    'Vastra',
  );
}
