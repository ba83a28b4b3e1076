/**
 * The invoices module's factory (lib/module.ts): GST documents (tax invoices and credit notes)
 * and the month's GST reports. The documents are issued when the goods leave and when a return
 * is refunded, so the month's reports hold every supply (docs/admin.md): it subscribes to
 * `order.status_changed` and issues what a store step made due (lib/events.ts).
 */
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import { GstReports, type GstReportSources } from './reports';
import { invoicesRoutes } from './routes';
import { InvoiceService, type InvoiceDeps } from './service';

export function createInvoicesModule(
  deps: InvoiceDeps & {
    orders: GstReportSources['orders'];
    creditNotes: GstReportSources['creditNotes'];
    events: DomainEventBus;
  },
): { invoices: InvoiceService; reports: GstReports; module: ApiModule } {
  const { events, ...invoiceDeps } = deps;
  const invoices = new InvoiceService(invoiceDeps);
  events.on('order.status_changed', 'invoices: issue the GST documents due', async ({ orderId, storeStep }) => {
    if (storeStep) await invoices.issueDue(orderId);
  });
  return {
    invoices,
    reports: new GstReports({
      db: deps.db,
      orders: deps.orders,
      creditNotes: deps.creditNotes,
      pincodes: deps.pincodes,
    }),
    module: { name: 'invoices', routes: async (app) => void (await app.register(invoicesRoutes, { invoices })) },
  };
}
