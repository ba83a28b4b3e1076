/**
 * The gift card mail (docs/admin.md "Coupons and gift cards"): the recipient's name, the amount,
 * the code on a line of its own, the store's message, the expiry and where to spend it. The
 * code never goes into the subject: subjects show on lock screens. In the recipient account's
 * language (docs/behaviour.md "Languages of mails and invoices"), English for an address without an account.
 */
import { formatPrice, paiseToRupees } from '@vastra/contracts';
import { formatMailDate, mailTranslator, type MailLocale } from '../../lib/mail-i18n';
import {
  escapeHtml,
  greeting,
  mailLayout,
  type MailContent,
  STORE,
  strongIn,
  textSignature,
} from '../../lib/mail-templates';

/** The mail of a gift card worth `amountPaise` (paise) with `code`, for `name`; `message` may be empty. */
export function giftCardMail(input: {
  name: string;
  message: string;
  code: string;
  amountPaise: number;
  expiresAt: Date | null;
  shopUrl: string;
  locale?: MailLocale;
}): MailContent {
  const locale = input.locale ?? 'en';
  const t = mailTranslator(locale);
  const amount = formatPrice(paiseToRupees(input.amountPaise));
  const subject = t('giftCard.subject', { store: STORE, amount });
  const until = input.expiresAt
    ? t('giftCard.validUntil', { date: formatMailDate(input.expiresAt, locale) })
    : t('giftCard.noExpiry');
  const text = [
    greeting(input.name, t),
    '',
    t('giftCard.youHave', { store: STORE, amount }),
    '',
    input.code,
    '',
    ...(input.message ? [input.message, ''] : []),
    until,
    input.shopUrl,
    '',
    ...textSignature(t),
  ].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 520,
    fontSize: 16,
    locale,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name, t))}</p>
<p style="margin:0 0 16px;">${strongIn(t, 'giftCard.youHave', { store: STORE }, 'amount', amount)}</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,'Courier New',monospace;font-size:24px;font-weight:700;letter-spacing:2px;color:#111111;">${escapeHtml(input.code)}</p>
${input.message ? `<p style="margin:0 0 16px;white-space:pre-wrap;font-style:italic;">${escapeHtml(input.message)}</p>\n` : ''}<p style="margin:0 0 16px;">${escapeHtml(until)}</p>
<p style="margin:0;"><a href="${escapeHtml(input.shopUrl)}" style="color:#8a1a42;font-weight:700;">${escapeHtml(t('giftCard.shopAt', { store: STORE }))}</a></p>`,
  });
  return { subject, text, html };
}
