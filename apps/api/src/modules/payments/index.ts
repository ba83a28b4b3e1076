/** The payments module's public surface: payments and refunds behind the gateway interface, routes. */
export { paymentProvidersFromConfig, phonePeWebhookAuthorizationFromConfig } from './providers';
export { paymentsJobs, REFUND_REFRESH_JOB } from './jobs';
export { paymentsRoutes } from './routes';
export { PaymentService } from './service';
export type { RefundRow } from './tables';
export type { RefundQueueRow } from './refund-queue';
export { createPaymentsModule } from './module';
