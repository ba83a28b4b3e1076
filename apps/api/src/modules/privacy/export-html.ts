/**
 * The export as a page a person can read and print (GET /account/data/export?format=html): one
 * section per kind of data with what it is for and how long it is kept, each table's rows as a
 * list of fields, in the account's language. Every value is escaped; the page loads nothing from
 * elsewhere.
 */
import { KEPT_RECORDS_YEARS, PERSONAL_DATA_KINDS, TAX_RECORD_YEARS, type PersonalDataKind } from '@vastra/contracts';
import { MAIL_LANGUAGE_TAG, mailTranslator, type MailLocale, type MailMessageKey } from '../../lib/mail-i18n';
import { escapeHtml } from '../../lib/mail-templates';
import { PERSONAL_DATA } from './registry';

const cell = (value: unknown): string =>
  escapeHtml(
    value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value),
  );

/**
 * The printable page of an export (`tables`: rows by table name, as PrivacyService.exportData
 * answers) in the account's language: each kind's title, purpose and how long it is kept are the
 * account page's texts (`years`: the store's inactivity years; the GST and kept-records years are
 * the contracts' constants).
 */
export function exportHtml(input: {
  storeName: string;
  exportedAt: string;
  locale: MailLocale;
  years: number;
  tables: Record<string, Record<string, unknown>[]>;
}): string {
  const t = mailTranslator(input.locale);
  const years = { years: input.years, taxYears: TAX_RECORD_YEARS, recordYears: KEPT_RECORDS_YEARS };
  const text = (kind: PersonalDataKind, part: 'Title' | 'Purpose' | 'Kept') =>
    escapeHtml(t(`dataExport.${kind}${part}` as MailMessageKey, years));
  const sections = PERSONAL_DATA_KINDS.map((kind) => {
    const tables = PERSONAL_DATA.filter((e) => e.kind === kind).map((e) => {
      const rows = input.tables[e.table] ?? [];
      const body =
        rows.length === 0
          ? `<p>${escapeHtml(t('dataExport.none'))}</p>`
          : rows
              .map(
                (row) =>
                  `<dl>${Object.entries(row)
                    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${cell(v)}</dd>`)
                    .join('')}</dl>`,
              )
              .join('');
      return `<h3>${escapeHtml(e.table)} (${rows.length})</h3>${body}`;
    });
    const kept = escapeHtml(t('dataExport.kept', { kept: t(`dataExport.${kind}Kept` as MailMessageKey, years) }));
    return `<section><h2>${text(kind, 'Title')}</h2><p>${text(kind, 'Purpose')} ${kept}</p>${tables.join('')}</section>`;
  });
  const title = escapeHtml(t('dataExport.title', { store: input.storeName }));
  return `<!doctype html>
<html lang="${MAIL_LANGUAGE_TAG[input.locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#111}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.1rem 1rem;border-top:1px solid #ccc;padding:.5rem 0;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}section{break-inside:avoid-page}@media print{body{margin:0}}</style>
</head><body><h1>${title}</h1><p>${escapeHtml(t('dataExport.exported', { at: input.exportedAt }))}</p>
${sections.join('\n')}
</body></html>`;
}
