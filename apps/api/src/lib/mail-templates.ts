/**
 * The store's mails, each as a subject, a plain-text part and an HTML part. The code never
 * goes into a subject: subjects show on lock screens and in notification previews.
 */
import type { MailMessage } from './mail';

export type MailContent = Omit<MailMessage, 'to'>;

/** What a one-time-code mail needs: the account holder's name, the 6-digit code, its validity in minutes. */
export type CodeMailInput = { name: string; code: string; minutesValid: number };

const BRAND_COLOUR = '#8a1a42';
/**
 * Where a mail names the store. The mailer puts the store's name in force when it sends
 * (store settings, docs/admin.md "Store settings"), so a rename reaches the next mail.
 */
export const STORE = '{{store}}';
export const FOOTER = `${STORE} · fashion for India`;
const IGNORE_LINE = "If you didn't ask for this, you can ignore this email.";

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function validity(minutes: number): string {
  return `This code is valid for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * The HTML frame of every store mail around `body` (HTML, already escaped): brand header,
 * white card of `maxWidth` px, footer. Tables and inline styles: what mail clients (Outlook,
 * Gmail) render reliably.
 */
export function mailLayout({
  subject,
  body,
  maxWidth,
  fontSize,
}: {
  subject: string;
  body: string;
  maxWidth: number;
  fontSize: number;
}): string {
  return `<!doctype html>
<html lang="en">
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
<tr><td style="padding:16px 32px;border-top:1px solid #eeeeee;color:#888888;font-size:12px;">${escapeHtml(FOOTER)}</td></tr>
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

/** "Hi Meera," or "Hi," when there is no name. */
export function greeting(name: string): string {
  const trimmed = name.trim();
  return trimmed ? `Hi ${trimmed},` : 'Hi,';
}

/** A code mail in both parts; `purpose` completes "Use this code to …", `afterIgnore` follows the ignore line. */
function codeMail(
  subject: string,
  purpose: string,
  afterIgnore: string,
  { name, code, minutesValid }: CodeMailInput,
): MailContent {
  const ignore = afterIgnore ? `${IGNORE_LINE} ${afterIgnore}` : IGNORE_LINE;
  // The code stands on a line of its own so it can be read, or copied, at a glance.
  const text = [
    greeting(name),
    '',
    `Use this code to ${purpose}:`,
    '',
    code,
    '',
    validity(minutesValid),
    '',
    ignore,
    '',
    '-- ',
    FOOTER,
    '',
  ].join('\n');

  const html = mailLayout({
    subject,
    maxWidth: 480,
    fontSize: 16,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(name))}</p>
<p style="margin:0 0 16px;">Use this code to ${escapeHtml(purpose)}:</p>
<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,'Courier New',monospace;font-size:34px;font-weight:700;letter-spacing:8px;color:#111111;">${escapeHtml(code)}</p>
<p style="margin:0 0 16px;">${escapeHtml(validity(minutesValid))}</p>
<p style="margin:0;color:#666666;font-size:14px;">${escapeHtml(ignore)}</p>`,
  });
  return { subject, text, html };
}

/** The mail that confirms an email address at sign-up: subject, text and HTML, code inside but not in the subject. */
export function verificationCodeMail(input: CodeMailInput): MailContent {
  return codeMail(`Verify your email for ${STORE}`, `verify your email address for ${STORE}`, '', input);
}

/** The mail with the code that lets the account holder choose a new password. */
export function passwordResetCodeMail(input: CodeMailInput): MailContent {
  return codeMail(
    `Reset your ${STORE} password`,
    `reset your ${STORE} password`,
    'Your password stays as it is.',
    input,
  );
}

/**
 * To the holder of an email address, after Google proved it for an account that had never
 * been verified: the account was theirs all along, so the password someone set when creating
 * it is gone and every device that was logged in has been logged out.
 */
export function googleClaimedAccountMail({ name }: { name: string }): MailContent {
  const subject = `You now sign in to ${STORE} with Google`;
  const paragraphs = [
    `You have just signed in to ${STORE} with Google. An account with your email address already existed, but its email had never been verified, so anyone could have created it.`,
    'To keep it yours, we removed the password it was created with and logged out every device that was logged in to it. Your email address now counts as verified.',
    'Sign in with Google as you just did, or use "Forgot password" on the login page to choose a new password.',
    "If it wasn't you who signed in with Google, reply to this email and we will help you.",
  ];
  const text = [greeting(name), '', ...paragraphs.flatMap((p) => [p, '']), '-- ', FOOTER, ''].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 520,
    fontSize: 16,
    body: [greeting(name), ...paragraphs].map((p) => `<p style="margin:0 0 16px;">${escapeHtml(p)}</p>`).join('\n'),
  });
  return { subject, text, html };
}
