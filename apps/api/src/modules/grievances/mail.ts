/**
 * The complainant's mails (behaviour.md "Grievances"), in the language of the page the grievance
 * was lodged on (texts in lib/mail-messages, section grievance): the acknowledgement with the
 * number and the resolve-by date, and the closing mail with the store's answer. Dates are India's.
 */
import type { Mailer } from '../../lib/mail';
import { mailTranslator, MAIL_LANGUAGE_TAG, type MailLocale } from '../../lib/mail-i18n';
import { type MailContent, paragraphsMail, STORE } from '../../lib/mail-templates';
import type { GrievanceMailJob } from './jobs';
import type { GrievanceRow } from './tables';

/** "28 February 2026" in the mail's language, India's calendar day. */
function longDate(at: Date, locale: MailLocale): string {
  return new Intl.DateTimeFormat(MAIL_LANGUAGE_TAG[locale], { dateStyle: 'long', timeZone: 'Asia/Kolkata' }).format(at);
}

/** The mail of `kind` about `row`; `url` is the storefront's grievance page, `officer` its contact line or null. */
export function grievanceMail(
  row: GrievanceRow,
  kind: GrievanceMailJob['mail'],
  url: string,
  officer: string | null,
): MailContent {
  const locale = row.locale;
  const t = mailTranslator(locale);
  const number = row.number;
  let subject: string;
  let paragraphs: string[];
  if (kind === 'acknowledged') {
    subject = t('grievance.ackSubject', { number, store: STORE });
    paragraphs = [
      t('grievance.ackIntro', { number, lodged: longDate(row.lodgedAt, locale) }),
      t('grievance.ackResolveBy', { resolveBy: longDate(row.resolveBy, locale) }),
    ];
  } else {
    const status = t(row.status === 'rejected' ? 'grievance.rejected' : 'grievance.resolved');
    subject = t('grievance.closedSubject', { number, status });
    paragraphs = [t('grievance.closedIntro', { number, status }), row.resolution ?? ''];
  }
  paragraphs.push(t('grievance.follow', { url }));
  if (officer) paragraphs.push(t('grievance.officer', { officer }));
  return paragraphsMail(subject, row.name, paragraphs, locale);
}

/** Sends the mail of a job: reads the grievance, the officer's line, and mails the complainant. */
export class GrievanceMails {
  constructor(
    private readonly deps: {
      row: (id: string) => Promise<GrievanceRow>;
      mailer: Mailer;
      storefrontUrl: string;
      /** The grievance officer's name and contact as one line, or null when none is set. */
      officer: () => Promise<string | null>;
    },
  ) {}

  async send(job: GrievanceMailJob): Promise<void> {
    const row = await this.deps.row(job.grievanceId);
    const base = row.locale === 'hi' ? `${this.deps.storefrontUrl}/hi` : this.deps.storefrontUrl;
    const mail = grievanceMail(row, job.mail, `${base}/grievance`, await this.deps.officer());
    await this.deps.mailer.send({ to: row.email, ...mail });
  }
}
