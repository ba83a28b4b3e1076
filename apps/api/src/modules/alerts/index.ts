/** The alerts module's public surface: back-in-stock requests, the daily alert mail's scan, routes. */
export { ALERTS_SCAN_JOB, alertsJobs } from './jobs';
export { AlertsService, type AlertMailed, type AlertPushPort } from './service';
export { alertsRoutes } from './routes';
export { createAlertsModule } from './module';
