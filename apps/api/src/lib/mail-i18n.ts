/**
 * The language of the shopper's mails (docs/behaviour.md "Languages of mails and invoices"): the texts are ICU
 * messages in one catalogue per language (lib/mail-messages/en.json, hi.json), formatted with
 * FormatJS's `intl-messageformat`, the ICU formatter next-intl itself uses on the storefront.
 * Amounts are formatted by the caller (`₹ 1,299` in both languages) and passed in as text.
 */
import { SHOPPER_LOCALES, type ShopperLocale } from '@vastra/contracts';
import { IntlMessageFormat } from 'intl-messageformat';
import en from './mail-messages/en.json' with { type: 'json' };
import hi from './mail-messages/hi.json' with { type: 'json' };

export type MailLocale = ShopperLocale;

/** The English catalogue's shape: the Hindi one must have every key (checked by a test). */
export type MailMessages = typeof en;
type Section = keyof MailMessages;
/** "section.key" of every message in the catalogue. */
export type MailMessageKey = { [S in Section]: `${S}.${keyof MailMessages[S] & string}` }[Section];

export const MAIL_CATALOGUES: Record<MailLocale, MailMessages> = { en, hi };

/** BCP 47 tag a mail's `lang` attribute and Intl use: India's English and Hindi. */
export const MAIL_LANGUAGE_TAG: Record<MailLocale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** A value of a message: text, or a number for plurals (formatted in the mail's language). */
export type MailValues = Record<string, string | number>;

/** Formats one message of the mail catalogue; throws for a key missing in the language's catalogue. */
export type MailTranslator = ((key: MailMessageKey, values?: MailValues) => string) & {
  readonly locale: MailLocale;
};

const compiled = new Map<string, IntlMessageFormat>();

/** The translator of `locale`'s mail catalogue; compiled messages are kept for the process. */
export function mailTranslator(locale: MailLocale): MailTranslator {
  const translate = (key: MailMessageKey, values?: MailValues): string => {
    const id = `${locale}:${key}`;
    let format = compiled.get(id);
    if (!format) {
      const [section, name] = key.split('.') as [Section, string];
      const message = (MAIL_CATALOGUES[locale][section] as Record<string, string> | undefined)?.[name];
      if (message === undefined) throw new Error(`Mail message ${key} is missing in ${locale}`);
      format = new IntlMessageFormat(message, MAIL_LANGUAGE_TAG[locale]);
      compiled.set(id, format);
    }
    return String(format.format(values));
  };
  return Object.assign(translate, { locale });
}

/** Whether `value` is a language a shopper's mails may be in. */
export function isMailLocale(value: unknown): value is MailLocale {
  return typeof value === 'string' && (SHOPPER_LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a mail to a shopper: the account's language when there is an account, else the
 * language the order was placed in (an order without an account), else English.
 */
export function mailLocaleFor({ account, order }: { account?: string | null; order?: string | null }): MailLocale {
  if (isMailLocale(account)) return account;
  if (isMailLocale(order)) return order;
  return 'en';
}

/** A day as the mail's language writes it, in India's time: "14 June 2025", "14 जून 2025". */
export function formatMailDate(date: Date, locale: MailLocale): string {
  return date.toLocaleDateString(MAIL_LANGUAGE_TAG[locale], { timeZone: 'Asia/Kolkata', dateStyle: 'long' });
}
