/** The invoices module's public surface: GST invoices and credit notes, routes. */
export { invoicesRoutes } from './routes';
export { InvoiceService, type CreditNoteSource } from './service';
