/**
 * What the homepage screens share (docs/admin.md "Homepage"): the section types' names, the
 * state names, schedule text, and Indian time in the forms ("2026-12-01T10:00" typed in India,
 * ISO in the API).
 */
import type { SectionState, SectionType } from '@vastra/contracts';
import { istDateTime } from '../api';

export const TYPE_NAMES: Record<SectionType, string> = {
  hero: 'Hero slides',
  fashion_showcase: 'Showcase tiles',
  collection_highlight: 'Collection highlight',
  best_seller_products: 'Products (best sellers or picked)',
  testimonials: 'Testimonials',
  featured_categories: 'Featured categories',
};

export const STATE_NAMES: Record<SectionState, string> = {
  inactive: 'Switched off',
  scheduled: 'Scheduled',
  live: 'Showing',
  ended: 'Ended',
};

/** "from 01/12/2026, 10:00 am to 05/12/2026, 11:59 pm", or "always". */
export function scheduleText(s: { startsAt: string | null; endsAt: string | null }): string {
  if (!s.startsAt && !s.endsAt) return 'Always';
  const from = s.startsAt ? `from ${istDateTime(s.startsAt)}` : '';
  const to = s.endsAt ? `until ${istDateTime(s.endsAt)}` : '';
  return [from, to].filter(Boolean).join(' ');
}

// India keeps one offset all year (no daylight saving).
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** An ISO instant as a datetime-local value in Indian time ("2026-12-01T10:00"); null → ''. */
export function toIstInput(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value typed in Indian time as an ISO instant; '' → null. */
export function fromIstInput(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = Date.parse(`${value}:00+05:30`);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
