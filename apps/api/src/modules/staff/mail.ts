/** The staff invitation mail: who invited whom, the role, the set-up link and when it expires. */
import { escapeHtml, FOOTER, greeting, mailLayout, type MailContent, STORE } from '../../lib/mail-templates';

export function staffInviteMail(input: { name: string; role: string; link: string; expiresAt: Date }): MailContent {
  const subject = `You are invited to the ${STORE} admin`;
  const until = input.expiresAt.toUTCString();
  const text = [
    greeting(input.name),
    '',
    `You have been invited to run the ${STORE} store as ${input.role}. Choose your password here:`,
    '',
    input.link,
    '',
    `The link works once and until ${until}.`,
    '',
    '-- ',
    FOOTER,
    '',
  ].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 520,
    fontSize: 16,
    body: `<p style="margin:0 0 16px;">${escapeHtml(greeting(input.name))}</p>
<p style="margin:0 0 16px;">You have been invited to run the ${STORE} store as <strong>${escapeHtml(input.role)}</strong>.</p>
<p style="margin:0 0 16px;"><a href="${escapeHtml(input.link)}" style="color:#8a1a42;font-weight:700;">Choose your password</a></p>
<p style="margin:0;color:#666666;font-size:14px;">The link works once and until ${escapeHtml(until)}.</p>`,
  });
  return { subject, text, html };
}
