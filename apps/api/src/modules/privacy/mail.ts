/**
 * The privacy module's mails (docs/behaviour.md "Data rights: export, erasure, retention"), in the
 * account's language (texts in lib/mail-messages): the confirmation that an account is closed,
 * sent to the address being erased, and the notice 48 hours before an inactive account is erased.
 */
import { KEPT_RECORDS_YEARS, OTP_TTL_MS } from '@vastra/contracts';
import { mailTranslator, type MailLocale } from '../../lib/mail-i18n';
import { erasureCodeMail as codeMail, type MailContent, paragraphsMail, STORE } from '../../lib/mail-templates';

/** The code that closes an account without a password (valid OTP_TTL_MS). */
export function erasureCodeMail(input: { name: string; code: string; locale: MailLocale }): MailContent {
  return codeMail({ ...input, minutesValid: OTP_TTL_MS / 60_000 });
}

/** The account is closed: what went, what is kept (`keptOrders` orders, for GST) and why. */
export function accountErasedMail(input: {
  name: string;
  keptOrders: number;
  reason: 'request' | 'inactivity';
  locale: MailLocale;
}): MailContent {
  const t = mailTranslator(input.locale);
  const store = { store: STORE };
  return paragraphsMail(
    t('accountErased.subject', store),
    input.name,
    [
      input.reason === 'request' ? t('accountErased.closed', store) : t('accountErased.closedInactive', store),
      t('accountErased.kept', { orders: input.keptOrders, recordYears: KEPT_RECORDS_YEARS }),
      t('accountErased.again'),
      ...(input.reason === 'request' ? [t('accountErased.notYou')] : []),
    ],
    input.locale,
  );
}

/** The notice to an account unused for `years` years: erased 48 hours later unless the shopper signs in at `loginUrl`. */
export function inactivityNoticeMail(input: {
  name: string;
  years: number;
  loginUrl: string;
  locale: MailLocale;
}): MailContent {
  const t = mailTranslator(input.locale);
  const store = { store: STORE };
  return paragraphsMail(
    t('inactivityNotice.subject', store),
    input.name,
    [
      t('inactivityNotice.unused', { ...store, years: input.years }),
      t('inactivityNotice.when'),
      t('inactivityNotice.keep', { url: input.loginUrl }),
    ],
    input.locale,
  );
}
