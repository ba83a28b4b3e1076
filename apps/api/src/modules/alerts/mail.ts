/**
 * The day's alert mail (docs/shopper-features.md "Alerts"): the sizes back in stock and the
 * wishlist items whose price dropped, each with a link to its product page, and the link that
 * stops these mails. Amounts in paise in, rupees as the storefront shows them out. In the
 * shopper's language (docs/behaviour.md "Languages of mails and invoices"; texts in lib/mail-messages).
 */
import { DEFAULT_STORE_NAME, formatPrice, paiseToRupees } from '@vastra/contracts';
import { mailTranslator, type MailLocale } from '../../lib/mail-i18n';
import { escapeHtml, greeting, mailLayout, type MailContent, STORE, textSignature } from '../../lib/mail-templates';

/** The subject as a store of the default name sends it, in English. */
export const ALERT_MAIL_SUBJECT = mailTranslator('en')('alerts.subject', { store: DEFAULT_STORE_NAME });

/** A size back in stock, with its product page's address. */
export type RestockedItem = { name: string; size: string; url: string };
/** A wishlist item cheaper than when last mailed (or saved); prices in paise. */
export type PriceDropItem = RestockedItem & { wasPaise: number; nowPaise: number };

const price = (paise: number) => formatPrice(paiseToRupees(paise));

/** The alert mail to one shopper, in `locale` (English by default). */
export function alertMail(input: {
  name: string;
  restocked: RestockedItem[];
  drops: PriceDropItem[];
  unsubscribeUrl: string;
  locale?: MailLocale;
}): MailContent {
  const locale = input.locale ?? 'en';
  const t = mailTranslator(locale);
  const subject = t('alerts.subject', { store: STORE });
  const restockLine = (i: RestockedItem) => t('alerts.item', { name: i.name, size: i.size });
  const dropLine = (i: PriceDropItem) =>
    t('alerts.drop', { item: restockLine(i), was: price(i.wasPaise), now: price(i.nowPaise) });
  const backInStock = t('alerts.backInStock');
  const priceDrops = t('alerts.priceDrops');
  const text = [
    greeting(input.name, t),
    '',
    ...(input.restocked.length > 0
      ? [backInStock, ...input.restocked.map((i) => `- ${restockLine(i)}: ${i.url}`), '']
      : []),
    ...(input.drops.length > 0 ? [priceDrops, ...input.drops.map((i) => `- ${dropLine(i)}: ${i.url}`), ''] : []),
    t('alerts.stopLine', { url: input.unsubscribeUrl }),
    '',
    ...textSignature(t),
  ].join('\n');
  const list = (title: string, items: string[]) =>
    `<p style="margin:0 0 8px;font-weight:700;">${escapeHtml(title)}</p>\n<ul style="margin:0 0 16px;padding-left:20px;">${items.join('')}</ul>`;
  const link = (i: RestockedItem, label: string) =>
    `<li style="margin:0 0 6px;"><a href="${escapeHtml(i.url)}" style="color:#8a1a42;font-weight:700;">${escapeHtml(label)}</a></li>`;
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    locale,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name, t))}</p>
${
  input.restocked.length > 0
    ? list(
        backInStock,
        input.restocked.map((i) => link(i, restockLine(i))),
      )
    : ''
}
${
  input.drops.length > 0
    ? list(
        priceDrops,
        input.drops.map((i) => link(i, dropLine(i))),
      )
    : ''
}
<p style="margin:0;font-size:12px;color:#666666;">${escapeHtml(t('alerts.atMostOneADay'))} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666666;">${escapeHtml(t('alerts.stop'))}</a></p>`,
  });
  return { subject, text, html };
}
