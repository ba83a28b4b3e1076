/**
 * The day's alert mail (docs/shopper-features.md "Alerts"): the sizes back in stock and the
 * wishlist items whose price dropped, each with a link to its product page, and the link that
 * stops these mails. Amounts in paise in, rupees as the storefront shows them out.
 */
import { DEFAULT_STORE_NAME, formatPrice, paiseToRupees } from '@vastra/contracts';
import { escapeHtml, FOOTER, greeting, mailLayout, type MailContent, STORE } from '../../lib/mail-templates';

const SUBJECT = `Back in stock and price drops at ${STORE}`;
/** The subject as a store of the default name sends it. */
export const ALERT_MAIL_SUBJECT = SUBJECT.replace(STORE, DEFAULT_STORE_NAME);

/** A size back in stock, with its product page's address. */
export type RestockedItem = { name: string; size: string; url: string };
/** A wishlist item cheaper than when last mailed (or saved); prices in paise. */
export type PriceDropItem = RestockedItem & { wasPaise: number; nowPaise: number };

const price = (paise: number) => formatPrice(paiseToRupees(paise));

export function alertMail(input: {
  name: string;
  restocked: RestockedItem[];
  drops: PriceDropItem[];
  unsubscribeUrl: string;
}): MailContent {
  const subject = SUBJECT;
  const restockLine = (i: RestockedItem) => `${i.name} (size ${i.size})`;
  const dropLine = (i: PriceDropItem) => `${restockLine(i)}: was ${price(i.wasPaise)}, now ${price(i.nowPaise)}`;
  const stopLine = 'To stop these mails, open';
  const text = [
    greeting(input.name),
    '',
    ...(input.restocked.length > 0
      ? ['Back in stock, as you asked:', ...input.restocked.map((i) => `- ${restockLine(i)}: ${i.url}`), '']
      : []),
    ...(input.drops.length > 0
      ? ['Price drops on your wishlist:', ...input.drops.map((i) => `- ${dropLine(i)}: ${i.url}`), '']
      : []),
    `${stopLine} ${input.unsubscribeUrl}`,
    '',
    '-- ',
    FOOTER,
    '',
  ].join('\n');
  const list = (title: string, items: string[]) =>
    `<p style="margin:0 0 8px;font-weight:700;">${escapeHtml(title)}</p>\n<ul style="margin:0 0 16px;padding-left:20px;">${items.join('')}</ul>`;
  const link = (i: RestockedItem, label: string) =>
    `<li style="margin:0 0 6px;"><a href="${escapeHtml(i.url)}" style="color:#8a1a42;font-weight:700;">${escapeHtml(label)}</a></li>`;
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name))}</p>
${
  input.restocked.length > 0
    ? list(
        'Back in stock, as you asked:',
        input.restocked.map((i) => link(i, restockLine(i))),
      )
    : ''
}
${
  input.drops.length > 0
    ? list(
        'Price drops on your wishlist:',
        input.drops.map((i) => link(i, dropLine(i))),
      )
    : ''
}
<p style="margin:0;font-size:12px;color:#666666;">You get at most one of these mails a day. <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#666666;">Stop these mails</a></p>`,
  });
  return { subject, text, html };
}
