/**
 * The gift card mail (docs/admin.md "Coupons and gift cards"): the recipient's name, the amount,
 * the code on a line of its own, the store's message, the expiry and where to spend it. The
 * code never goes into the subject: subjects show on lock screens.
 */
import { formatPrice, paiseToRupees } from '@vastra/contracts';
import { escapeHtml, FOOTER, greeting, mailLayout, type MailContent, STORE } from '../../lib/mail-templates';

/** The mail of a gift card worth `amountPaise` (paise) with `code`, for `name`; `message` may be empty. */
export function giftCardMail(input: {
  name: string;
  message: string;
  code: string;
  amountPaise: number;
  expiresAt: Date | null;
  shopUrl: string;
}): MailContent {
  const amount = formatPrice(paiseToRupees(input.amountPaise));
  const subject = `A ${STORE} gift card worth ${amount} for you`;
  const until = input.expiresAt
    ? `It can be used until ${input.expiresAt.toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long' })}.`
    : 'It does not expire.';
  const text = [
    greeting(input.name),
    '',
    `You have a ${STORE} gift card worth ${amount}. Enter this code in the gift card field at checkout:`,
    '',
    input.code,
    '',
    ...(input.message ? [input.message, ''] : []),
    until,
    input.shopUrl,
    '',
    '-- ',
    FOOTER,
    '',
  ].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 520,
    fontSize: 16,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name))}</p>
<p style="margin:0 0 16px;">You have a ${STORE} gift card worth <strong>${escapeHtml(amount)}</strong>. Enter this code in the gift card field at checkout:</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,'Courier New',monospace;font-size:24px;font-weight:700;letter-spacing:2px;color:#111111;">${escapeHtml(input.code)}</p>
${input.message ? `<p style="margin:0 0 16px;white-space:pre-wrap;font-style:italic;">${escapeHtml(input.message)}</p>\n` : ''}<p style="margin:0 0 16px;">${escapeHtml(until)}</p>
<p style="margin:0;"><a href="${escapeHtml(input.shopUrl)}" style="color:#8a1a42;font-weight:700;">Shop at ${STORE}</a></p>`,
  });
  return { subject, text, html };
}
