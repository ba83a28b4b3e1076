/**
 * The mail asking the shopper to confirm a held cash on delivery order (docs/behaviour.md "COD
 * confirmation"): the amount, the confirmation link and how long it may wait. In the shopper's
 * language (texts in lib/mail-messages, section codConfirmation).
 */
import { formatPrice, paiseToRupees } from '@vastra/contracts';
import { mailTranslator, type MailLocale } from '../../lib/mail-i18n';
import { escapeHtml, greeting, mailLayout, type MailContent, STORE, textSignature } from '../../lib/mail-templates';

/** The confirmation mail of order `orderNumber` payable `amountPaise` in cash, its link valid `hours`. */
export function codConfirmationMail(input: {
  name: string;
  orderNumber: string;
  amountPaise: number;
  url: string;
  hours: number;
  locale: MailLocale;
}): MailContent {
  const t = mailTranslator(input.locale);
  const subject = t('codConfirmation.subject', { store: STORE, orderNumber: input.orderNumber });
  const intro = t('codConfirmation.intro', {
    amount: formatPrice(paiseToRupees(input.amountPaise)),
    orderNumber: input.orderNumber,
  });
  const expiry = t('codConfirmation.expiry', { hours: input.hours });
  const text = [
    greeting(input.name, t),
    '',
    intro,
    '',
    t('codConfirmation.link', { url: input.url }),
    '',
    expiry,
    '',
    ...textSignature(t),
  ].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    locale: input.locale,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name, t))}</p>
<p style="margin:0 0 16px;">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#8a1a42;color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:700;text-decoration:none;">${escapeHtml(t('codConfirmation.button'))}</a></p>
<p style="margin:0;font-size:13px;color:#666666;">${escapeHtml(expiry)}</p>`,
  });
  return { subject, text, html };
}
