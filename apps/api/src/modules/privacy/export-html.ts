/**
 * The export as a page a person can read and print (GET /account/data/export?format=html): one
 * section per kind of data with what it is for and how long it is kept, each table's rows as a
 * list of fields. Every value is escaped; the page loads nothing from elsewhere.
 */
import { KEPT_RECORDS_YEARS, type PersonalDataKind } from '@vastra/contracts';
import { escapeHtml } from '../../lib/mail-templates';
import { PERSONAL_DATA } from './registry';

/** What each kind is used for and how long it is kept, as the page and the account page say it. */
export const KIND_TEXTS: Record<PersonalDataKind, { title: string; purpose: string; kept: string }> = {
  account: {
    title: 'Your account',
    purpose: 'Signing you in and addressing you in mails.',
    kept: 'Until you close the account, or it is unused for the years the store sets.',
  },
  addresses: {
    title: 'Addresses',
    purpose: 'Delivering your orders.',
    kept: 'Until you delete them or close the account.',
  },
  orders: {
    title: 'Orders and invoices',
    purpose: 'Delivering, returns, refunds and GST accounts.',
    kept: 'Six years after the annual GST return of their year (CGST Act s.36), even after the account closes.',
  },
  returnsAndExchanges: {
    title: 'Returns and exchanges',
    purpose: 'Handling returns, refunds and credit notes.',
    kept: 'As long as the order they belong to.',
  },
  reviews: {
    title: 'Reviews',
    purpose: 'Shown on product pages.',
    kept: 'Until you delete them; when the account closes they stay without your name or photos.',
  },
  wishlist: {
    title: 'Wishlist',
    purpose: 'Keeping what you saved.',
    kept: 'Until you remove it or close the account.',
  },
  carts: {
    title: 'Carts',
    purpose: 'Keeping your cart between visits; reminders.',
    kept: 'Until ordered, emptied or the account closes.',
  },
  alerts: {
    title: 'Stock alerts',
    purpose: 'Telling you when a size is back.',
    kept: 'Until sent, removed or the account closes.',
  },
  storeCredit: {
    title: 'Store credit',
    purpose: 'Your balance and its history.',
    kept: `After the account closes: as long as its orders, and at least ${KEPT_RECORDS_YEARS} years.`,
  },
  sessions: { title: 'Sign-ins', purpose: 'Keeping you signed in; security.', kept: 'Until the account closes.' },
  codes: { title: 'One-time codes', purpose: 'Verifying your email and number.', kept: 'Until the account closes.' },
  devices: {
    title: 'Push notifications',
    purpose: 'Notifying your devices.',
    kept: 'Until you turn them off or close the account.',
  },
  messaging: {
    title: 'WhatsApp updates',
    purpose: 'Order updates on WhatsApp.',
    kept: 'Until you opt out or close the account.',
  },
  uploads: {
    title: 'Uploaded photos and videos',
    purpose: 'Your avatar, reviews and returns.',
    kept: 'Until the account closes.',
  },
  notices: {
    title: 'Notices',
    purpose: 'The notice sent before an unused account is erased.',
    kept: 'With the account record.',
  },
  consents: {
    title: 'Your consents',
    purpose: 'The record of what you agreed to, and when (privacy notice, cart reminders, price drops, WhatsApp).',
    kept: `Kept after the account closes, as proof of consent: ${KEPT_RECORDS_YEARS} years, or as long as its orders.`,
  },
  nominee: {
    title: 'Your nominee',
    purpose: 'The person you named to use your rights if you cannot.',
    kept: 'Until you remove them or close the account.',
  },
  grievances: {
    title: 'Grievances',
    purpose: 'Complaints you lodged with the store, and their answers.',
    kept: `Kept after the account closes, as the record of the complaint: ${KEPT_RECORDS_YEARS} years, or as long as its orders.`,
  },
};

const cell = (value: unknown): string =>
  escapeHtml(
    value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value),
  );

/** The printable page of an export (`tables`: rows by table name, as PrivacyService.exportData answers). */
export function exportHtml(input: {
  storeName: string;
  exportedAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}): string {
  const sections = Object.entries(KIND_TEXTS).map(([kind, text]) => {
    const tables = PERSONAL_DATA.filter((e) => e.kind === kind).map((e) => {
      const rows = input.tables[e.table] ?? [];
      const body =
        rows.length === 0
          ? '<p>None.</p>'
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
    return `<section><h2>${escapeHtml(text.title)}</h2><p>${escapeHtml(text.purpose)} Kept: ${escapeHtml(text.kept)}</p>${tables.join('')}</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${escapeHtml(input.storeName)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem;color:#111}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.1rem 1rem;border-top:1px solid #ccc;padding:.5rem 0;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}section{break-inside:avoid-page}@media print{body{margin:0}}</style>
</head><body><h1>Your data at ${escapeHtml(input.storeName)}</h1><p>Exported ${escapeHtml(input.exportedAt)}.</p>
${sections.join('\n')}
</body></html>`;
}
