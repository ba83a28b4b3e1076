/**
 * The cart reminder mail (docs/behaviour.md "Cart reminders"): the cart's lines still on sale with
 * their current prices, a link back to the cart and the link that stops these mails. Amounts in
 * paise in, rupees as the storefront shows them out. In the shopper's language (docs/behaviour.md
 * "Languages of mails and invoices"; texts in lib/mail-messages).
 */
import { DEFAULT_STORE_NAME, formatPrice, paiseToRupees } from '@vastra/contracts';
import { mailTranslator, type MailLocale } from '../../lib/mail-i18n';
import { escapeHtml, greeting, mailLayout, type MailContent, STORE, textSignature } from '../../lib/mail-templates';

/** The subject as a store of the default name sends it, in English. */
export const CART_REMINDER_SUBJECT = mailTranslator('en')('cartReminder.subject', { store: DEFAULT_STORE_NAME });

/** A line of the cart as the mail shows it: its current unit price in paise. */
export type ReminderLine = { name: string; size: string; quantity: number; unitPricePaise: number; url: string };

const price = (paise: number) => formatPrice(paiseToRupees(paise));

/** The reminder to one shopper, in `locale`; `soldOutLeftOut` says some lines were left out as sold out. */
export function cartReminderMail(input: {
  name: string;
  lines: ReminderLine[];
  soldOutLeftOut: boolean;
  cartUrl: string;
  unsubscribeUrl: string;
  locale: MailLocale;
}): MailContent {
  const { locale } = input;
  const t = mailTranslator(locale);
  const subject = t('cartReminder.subject', { store: STORE });
  const lineText = (l: ReminderLine) =>
    t('cartReminder.line', {
      name: l.name,
      size: l.size,
      quantity: l.quantity,
      price: price(l.unitPricePaise * l.quantity),
    });
  const total = t('cartReminder.total', {
    total: price(input.lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0)),
  });
  const text = [
    greeting(input.name, t),
    '',
    t('cartReminder.intro'),
    ...input.lines.map((l) => `- ${lineText(l)}`),
    ...(input.soldOutLeftOut ? [t('cartReminder.soldOutLeftOut')] : []),
    total,
    '',
    t('cartReminder.cartLine', { url: input.cartUrl }),
    '',
    t('cartReminder.stopLine', { url: input.unsubscribeUrl }),
    '',
    ...textSignature(t),
  ].join('\n');
  const items = input.lines
    .map(
      (l) =>
        `<li style="margin:0 0 6px;"><a href="${escapeHtml(l.url)}" style="color:#8a1a42;">${escapeHtml(lineText(l))}</a></li>`,
    )
    .join('');
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    locale,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name, t))}</p>
<p style="margin:0 0 8px;">${escapeHtml(t('cartReminder.intro'))}</p>
<ul style="margin:0 0 12px;padding-left:20px;">${items}</ul>
${input.soldOutLeftOut ? `<p style="margin:0 0 12px;font-size:13px;color:#666666;">${escapeHtml(t('cartReminder.soldOutLeftOut'))}</p>` : ''}
<p style="margin:0 0 20px;font-weight:700;">${escapeHtml(total)}</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(input.cartUrl)}" style="display:inline-block;background:#8a1a42;color:#ffffff;text-decoration:none;font-weight:700;padding:10px 20px;border-radius:6px;">${escapeHtml(t('cartReminder.viewCart'))}</a></p>
<p style="margin:0;font-size:12px;color:#666666;">${escapeHtml(t('cartReminder.atMostTwo'))} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666666;">${escapeHtml(t('cartReminder.stop'))}</a></p>`,
  });
  return { subject, text, html };
}
