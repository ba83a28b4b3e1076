/**
 * The store's own mails (docs/admin.md), to STORE_NOTIFY_EMAIL: every STORE_NOTIFY_MINUTES, one
 * mail gathering the orders placed and the returns asked for since the last one (so a busy
 * hour is one mail, not fifty), and once a day from STORE_SUMMARY_HOUR (India time) a summary
 * of the day before. When each was last sent is kept in the database and claimed there before
 * the mail goes (a compare-and-set), so a restart neither repeats nor skips and two instances
 * never both mail one window; nothing is sent without a notification email (the store settings'
 * notifyEmail, STORE_NOTIFY_EMAIL until the owner saves one), read at each run. It runs as a
 * recurring job (lib/jobs), once per period across instances.
 */
import { ADMIN_BASE_PATH } from '@vastra/contracts';
import { istDay, istDayStart } from '../../lib/india-time';
import type { Mailer } from '../../lib/mail';
import { escapeHtml, FOOTER, mailLayout, STORE } from '../../lib/mail-templates';
import { paiseToRupees } from '../../lib/money';
import type { StaffService } from '../staff';
import type { AdminDeps } from './types';

const LAST_RUN = 'notify.lastRunAt';
const LAST_SUMMARY = 'notify.lastSummaryDay';

const money = (paise: number) => `₹${paiseToRupees(paise).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;

function mail(subject: string, lines: string[]) {
  const text = [...lines, '', '-- ', FOOTER, ''].join('\n');
  const html = mailLayout({
    subject,
    maxWidth: 560,
    fontSize: 15,
    body: lines.map((l) => `<p style="margin:0 0 8px;">${escapeHtml(l)}</p>`).join('\n'),
  });
  return { subject, text, html };
}

export class StoreNotifier {
  constructor(
    private readonly deps: Pick<AdminDeps, 'db' | 'orderQueries' | 'returnsAdmin' | 'inventory' | 'payments'> & {
      staff: StaffService;
      mailer: Mailer;
      /** Where the mails go now (store settings; STORE_NOTIFY_EMAIL by default), or null: none sent. */
      email: () => Promise<string | null>;
      summaryHour: number;
      /** The admin's address, for the links in the mails. */
      publicUrl: string;
    },
  ) {}

  /**
   * Mails what is new since the last run (nothing when nothing is); the counts it mailed. The
   * window is claimed first: a run that loses the claim to another mails nothing, and a mail
   * that fails gives the window back for the next run.
   */
  async sendNew(now = new Date(), firstWindowMs = 5 * 60_000): Promise<{ orders: number; returns: number }> {
    const { staff, orderQueries, returnsAdmin } = this.deps;
    const to = await this.deps.email();
    if (!to) return { orders: 0, returns: 0 };
    const last = (await staff.stateValue(LAST_RUN)) as string | null;
    const since = last ? new Date(last) : new Date(now.getTime() - firstWindowMs);
    if (!(await staff.swapStateValue(LAST_RUN, last, now.toISOString()))) return { orders: 0, returns: 0 };
    try {
      const [placed, returns] = await Promise.all([
        orderQueries.placedBetween(since, now),
        returnsAdmin.requestedBetween(since, now),
      ]);
      if (placed.length + returns.length > 0) await this.mailNew(to, placed, returns);
      return { orders: placed.length, returns: returns.length };
    } catch (err) {
      await staff.swapStateValue(LAST_RUN, now.toISOString(), last);
      throw err;
    }
  }

  private async mailNew(
    to: string,
    placed: Awaited<ReturnType<AdminDeps['orderQueries']['placedBetween']>>,
    returns: Awaited<ReturnType<AdminDeps['returnsAdmin']['requestedBetween']>>,
  ): Promise<void> {
    const parts = [
      placed.length ? `${placed.length} new ${placed.length === 1 ? 'order' : 'orders'}` : null,
      returns.length ? `${returns.length} return ${returns.length === 1 ? 'request' : 'requests'}` : null,
    ].filter(Boolean);
    const admin = `${this.deps.publicUrl}${ADMIN_BASE_PATH}`;
    await this.deps.mailer.send({
      to,
      ...mail(`${STORE}: ${parts.join(' and ')}`, [
        ...placed.map(
          (o) =>
            `Order ${o.orderNumber}: ${o.customerName}, ${o.city} ${o.pincode}, ${money(o.totalPaise)} (${o.paymentGateway})`,
        ),
        ...returns.map((r) => `Return of ${r.orderNumber}: ${r.items.length} item(s), reason ${r.reason}`),
        '',
        `Open the admin: ${admin}`,
      ]),
    });
  }

  /** Mails the summary of the day before, once a day from the summary hour; whether it went now. */
  async sendDailySummary(now = new Date()): Promise<boolean> {
    const { staff } = this.deps;
    const to = await this.deps.email();
    if (!to) return false;
    const today = istDay(now);
    const hourIst = Math.floor((now.getTime() - istDayStart(today).getTime()) / 3_600_000);
    if (hourIst < this.deps.summaryHour) return false;
    const last = await staff.stateValue(LAST_SUMMARY);
    if (last === today || !(await staff.swapStateValue(LAST_SUMMARY, last, today))) return false;
    try {
      await this.mailSummary(to, now);
    } catch (err) {
      await staff.swapStateValue(LAST_SUMMARY, today, last);
      throw err;
    }
    return true;
  }

  private async mailSummary(to: string, now: Date): Promise<void> {
    const threshold = await this.deps.staff.lowStockThreshold();
    const [figures, waiting, failed, lowStock] = await Promise.all([
      this.deps.orderQueries.dashboard(now),
      this.deps.returnsAdmin.waiting(),
      this.deps.payments.refundQueue({ status: ['failed'], page: 1, perPage: 1 }),
      this.deps.inventory.lowStock(this.deps.db, threshold, 100),
    ]);
    const yesterday = figures.salesPerDay.at(-2)!;
    await this.deps.mailer.send({
      to,
      ...mail(`${STORE} daily summary for ${yesterday.day}`, [
        `Orders: ${yesterday.orders}, ${money(yesterday.revenuePaise)} (GST ${money(yesterday.gstPaise)})`,
        `This month so far: ${figures.month.orders} orders, ${money(figures.month.revenuePaise)}`,
        `To ship (waiting over 24 h): ${figures.toShip}`,
        `Returns waiting: ${waiting}`,
        `Failed refunds: ${failed.total}`,
        `Sizes with ${threshold} pieces or fewer: ${lowStock.length}`,
      ]),
    });
  }
}
