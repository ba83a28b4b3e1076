/**
 * The store's mails, each as a subject, a plain-text part and an HTML part. The code never
 * goes into a subject: subjects show on lock screens and in notification previews.
 */
import type { MailMessage } from './mail';
import {
  mailTranslator,
  type MailLocale,
  type MailMessageKey,
  type MailTranslator,
  type MailValues,
} from './mail-i18n';

export type MailContent = Omit<MailMessage, 'to'>;

/**
 * What a one-time-code mail needs: the account holder's name, the 6-digit code, its validity in
 * minutes, and the language of the account (English when not given).
 */
export type CodeMailInput = { name: string; code: string; minutesValid: number; locale?: MailLocale };

const BRAND_COLOUR = '#8a1a42';
/**
 * Where a mail names the store. The mailer puts the store's name in force when it sends
 * (store settings, docs/admin.md "Store settings"), so a rename reaches the next mail.
 */
export const STORE = '{{store}}';
/** The footer of the store's mails in English (staff mails are English only). */
export const FOOTER = `${STORE} · fashion for India`;

/** The footer of a mail in the language of `t`. */
export function mailFooter(t: MailTranslator): string {
  return t('common.footer', { store: STORE });
}
/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The HTML frame of every store mail around `body` (HTML, already escaped): brand header,
 * white card of `maxWidth` px, footer. Tables and inline styles: what mail clients (Outlook,
 * Gmail) render reliably. `locale` (default English) sets the `lang` attribute and the footer.
 */
export function mailLayout({
  subject,
  body,
  maxWidth,
  fontSize,
  locale = 'en',
}: {
  subject: string;
  body: string;
  maxWidth: number;
  fontSize: number;
  locale?: MailLocale;
}): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f2f3;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#222222;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f2f3;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:${maxWidth}px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 32px;border-bottom:3px solid ${BRAND_COLOUR};">
<span style="font-size:26px;font-weight:700;letter-spacing:1px;color:${BRAND_COLOUR};">${STORE}</span>
</td></tr>
<tr><td style="padding:28px 32px;font-size:${fontSize}px;line-height:1.5;">
${body}
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #eeeeee;color:#888888;font-size:12px;">${escapeHtml(mailFooter(mailTranslator(locale)))}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/**
 * `content` with the store's `name` in place of every STORE: as it is in the subject and the
 * text part, escaped in the HTML part.
 */
export function fillStoreName<T extends { subject: string; text: string; html: string }>(content: T, name: string): T {
  return {
    ...content,
    subject: content.subject.replaceAll(STORE, name),
    text: content.text.replaceAll(STORE, name),
    html: content.html.replaceAll(STORE, escapeHtml(name)),
  };
}

// A character no message or value holds, where a value to be put in bold stands while the text is escaped.
const STRONG_MARK = '\u0000';

/**
 * The message `key` as HTML (escaped) with the value `name` in bold: the translation decides
 * where in the sentence it stands. `values` are the message's other values.
 */
export function strongIn(
  t: MailTranslator,
  key: MailMessageKey,
  values: MailValues,
  name: string,
  strong: string,
): string {
  return escapeHtml(t(key, { ...values, [name]: STRONG_MARK })).replace(
    STRONG_MARK,
    `<strong>${escapeHtml(strong)}</strong>`,
  );
}

/** "Hi Meera," or "Hi," when there is no name; in the language of `t` (English by default). */
export function greeting(name: string, t: MailTranslator = mailTranslator('en')): string {
  const trimmed = name.trim();
  return trimmed ? t('common.greeting', { name: trimmed }) : t('common.greetingNoName');
}

/** The end of a mail's text part: the signature separator and the footer, in the language of `t`. */
export function textSignature(t: MailTranslator): string[] {
  return ['-- ', mailFooter(t), ''];
}

/**
 * A code mail in both parts: `instruction` is the line above the code ("Use this code to …:"),
 * `afterIgnore` follows the ignore line (may be empty).
 */
function codeMail(
  t: MailTranslator,
  subject: string,
  instruction: string,
  afterIgnore: string,
  { name, code, minutesValid }: CodeMailInput,
): MailContent {
  const ignoreLine = t('common.ignore');
  const ignore = afterIgnore ? `${ignoreLine} ${afterIgnore}` : ignoreLine;
  const validity = t('common.codeValid', { minutes: minutesValid });
  // The code stands on a line of its own so it can be read, or copied, at a glance.
  const text = [greeting(name, t), '', instruction, '', code, '', validity, '', ignore, '', ...textSignature(t)].join(
    '\n',
  );

  const html = mailLayout({
    subject,
    maxWidth: 480,
    fontSize: 16,
    locale: t.locale,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(name, t))}</p>
<p style="margin:0 0 16px;">${escapeHtml(instruction)}</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,'Courier New',monospace;font-size:34px;font-weight:700;letter-spacing:8px;color:#111111;">${escapeHtml(code)}</p>
<p style="margin:0 0 16px;">${escapeHtml(validity)}</p>
<p style="margin:0;color:#666666;font-size:14px;">${escapeHtml(ignore)}</p>`,
  });
  return { subject, text, html };
}

/**
 * The mail that confirms an email address at sign-up, in the account's language: subject, text
 * and HTML, code inside but not in the subject.
 */
export function verificationCodeMail(input: CodeMailInput): MailContent {
  const t = mailTranslator(input.locale ?? 'en');
  const store = { store: STORE };
  return codeMail(t, t('verification.subject', store), t('verification.useCode', store), '', input);
}

/** The mail with the code that lets the account holder choose a new password, in the account's language. */
export function passwordResetCodeMail(input: CodeMailInput): MailContent {
  const t = mailTranslator(input.locale ?? 'en');
  const store = { store: STORE };
  return codeMail(
    t,
    t('passwordReset.subject', store),
    t('passwordReset.useCode', store),
    t('passwordReset.passwordStays'),
    input,
  );
}

/**
 * The mail with the code that closes an account without a password and erases its personal data
 * (docs/behaviour.md "Data rights: export, erasure, retention"), in the account's language.
 */
export function erasureCodeMail(input: CodeMailInput): MailContent {
  const t = mailTranslator(input.locale ?? 'en');
  const store = { store: STORE };
  return codeMail(t, t('eraseCode.subject', store), t('eraseCode.useCode', store), t('eraseCode.accountStays'), input);
}

/**
 * To the holder of an email address, after Google proved it for an account that had never
 * been verified: the account was theirs all along, so the password someone set when creating
 * it is gone and every device that was logged in has been logged out. In the account's language.
 */
export function googleClaimedAccountMail({ name, locale = 'en' }: { name: string; locale?: MailLocale }): MailContent {
  const t = mailTranslator(locale);
  const subject = t('googleClaimed.subject', { store: STORE });
  const paragraphs = [
    t('googleClaimed.signedIn', { store: STORE }),
    t('googleClaimed.keptYours'),
    t('googleClaimed.howToSignIn'),
    t('googleClaimed.notYou'),
  ];
  return paragraphsMail(subject, name, paragraphs, locale);
}

/**
 * A mail of plain paragraphs: the greeting to `name`, each paragraph (line breaks kept), the
 * signature; text and HTML alike, in `locale`. For mails with no button or table.
 */
export function paragraphsMail(subject: string, name: string, paragraphs: string[], locale: MailLocale): MailContent {
  const t = mailTranslator(locale);
  const text = [greeting(name, t), '', ...paragraphs.flatMap((p) => [p, '']), ...textSignature(t)].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 520,
    fontSize: 16,
    locale,
    body: [greeting(name, t), ...paragraphs]
      .map((p) => `<p style="margin:0 0 16px;white-space:pre-line;">${escapeHtml(p)}</p>`)
      .join('\n'),
  });
  return { subject, text, html };
}
