/**
 * The two clocks of a grievance (behaviour.md "Grievances"), from the Consumer Protection
 * (E-Commerce) Rules, 2020: acknowledge within 48 hours, resolve within one month of receipt.
 * The month is a calendar month of India's time (IST), ending on the same day of the next month,
 * or that month's last day when it has no such day (31 January → 28 or 29 February).
 */
import { GRIEVANCE_ACKNOWLEDGE_HOURS, GRIEVANCE_RESOLVE_MONTHS } from '@vastra/contracts';

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Lodged + 48 hours. */
export function acknowledgeByOf(lodgedAt: Date): Date {
  return new Date(lodgedAt.getTime() + GRIEVANCE_ACKNOWLEDGE_HOURS * HOUR_MS);
}

/** Lodged + `months` calendar months at the same Indian time of day, clamped to the month's last day. */
export function addCalendarMonths(lodgedAt: Date, months: number): Date {
  const local = new Date(lodgedAt.getTime() + IST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const timeOfDay = local.getTime() - Date.UTC(year, local.getUTCMonth(), local.getUTCDate());
  return new Date(Date.UTC(year, month, day) + timeOfDay - IST_OFFSET_MS);
}

/** Lodged + one calendar month (GRIEVANCE_RESOLVE_MONTHS). */
export function resolveByOf(lodgedAt: Date): Date {
  return addCalendarMonths(lodgedAt, GRIEVANCE_RESOLVE_MONTHS);
}

/** Whole days from `now` until `resolveBy`, rounded up (1 on its last day; 0 or below once past). */
export function daysLeft(resolveBy: Date, now: Date): number {
  return Math.ceil((resolveBy.getTime() - now.getTime()) / DAY_MS);
}

/** The year of the number: the Indian calendar year the grievance was lodged in. */
export function istYear(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCFullYear();
}

/** GRV-2026-000123: the year lodged and the sequence's value, six digits or more. */
export function grievanceNumber(lodgedAt: Date, sequence: number): string {
  return `GRV-${istYear(lodgedAt)}-${String(sequence).padStart(6, '0')}`;
}
