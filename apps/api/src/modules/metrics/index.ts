/** The metrics module's public surface: the app's Metrics and GET /metrics. */
export { metricsAccess, serveMetrics } from './routes';
export { Metrics, type QueueDepthReader } from './service';
