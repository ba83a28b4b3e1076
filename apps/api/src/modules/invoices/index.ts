/** The invoices module's public surface: GST invoices and credit notes, routes. */
export { invoicesRoutes } from './routes';
export { GstReports, type GstMonthReport } from './reports';
export { InvoiceService, type CreditNoteSource } from './service';
export { createInvoicesModule } from './module';
