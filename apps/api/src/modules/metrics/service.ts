/**
 * The API's metrics in Prometheus's text format (prom-client), in a registry of this app's own
 * so that several apps in one process (tests) keep apart. What is measured:
 *
 * - `vastra_http_requests_total{method,route,status}`: answered requests; `route` is the
 *   route's pattern (`/products/:id`), `unmatched` for a URL no route has; `status` the code.
 * - `vastra_http_request_duration_seconds{method,route,status_class}`: their time (histogram;
 *   `status_class` 2xx … 5xx).
 * - `vastra_http_server_errors_total{method,route}`: answers of 500 and above.
 * - `vastra_orders_placed_total{payment_method}`: orders created (cod, sandbox, phonepe).
 * - `vastra_payments_total{status}`: payments reaching a status: `pending` when started, then
 *   `completed` or `failed`.
 * - `vastra_queue_depth{queue}`: tasks waiting or running, per queue registered with `queueDepth`
 *   (a queue that cannot be read at a scrape is left out of it).
 * - `vastra_db_pool_*`: the PostgreSQL pool's connections and waiting queries (not on PGlite).
 * - the process's (prom-client's defaults: CPU, memory, heap, event loop lag, GC), once
 *   `collectProcessMetrics` is called.
 */
import type { PaymentStatus } from '@vastra/contracts';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUsage } from '../../db/client';

/** Seconds; the API answers a cached product in about a millisecond, a search or an order in tens. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Reads a queue's depth when /metrics is scraped; may ask a database. */
export type QueueDepthReader = () => number | Promise<number>;

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'vastra_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly durations = new Histogram({
    name: 'vastra_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly serverErrors = new Counter({
    name: 'vastra_http_server_errors_total',
    help: 'Answers with a status of 500 or above, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [this.registry],
  });
  private readonly ordersPlaced = new Counter({
    name: 'vastra_orders_placed_total',
    help: 'Orders created, by payment method',
    labelNames: ['payment_method'] as const,
    registers: [this.registry],
  });
  private readonly payments = new Counter({
    name: 'vastra_payments_total',
    help: 'Payments reaching a status: pending when started, then completed or failed',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });
  private readonly queues = new Map<string, QueueDepthReader>();

  constructor() {
    const queues = this.queues;
    new Gauge({
      name: 'vastra_queue_depth',
      help: 'Tasks waiting or running, by queue',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, read] of queues) {
          // A queue that cannot be read now (its database is down) is left out of this scrape, not the rest.
          const depth = await Promise.resolve()
            .then(read)
            .catch(() => null);
          if (depth !== null) this.set({ queue }, depth);
        }
      },
    });
  }

  /** Counts an answered request; `route` is the route's pattern, never the URL; `seconds` its time. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(statusCode) });
    this.durations.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
    if (statusCode >= 500) this.serverErrors.inc({ method, route });
  }

  /** Counts an order created with `paymentMethod` (cod or a gateway's name). */
  orderPlaced(paymentMethod: string): void {
    this.ordersPlaced.inc({ payment_method: paymentMethod });
  }

  /** Counts `count` payments that reached `status`. */
  paymentStatus(status: PaymentStatus, count = 1): void {
    this.payments.inc({ status }, count);
  }

  /** Reports `read()` as the depth of `queue` at each scrape; a second call for a queue replaces the first. */
  queueDepth(queue: string, read: QueueDepthReader): void {
    this.queues.set(queue, read);
  }

  /** Reports the database pool's usage at each scrape (PostgreSQL's pool; PGlite has none). */
  databasePool(read: () => PoolUsage): void {
    const gauge = (name: string, help: string, value: (usage: PoolUsage) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(value(read()));
        },
      });
    gauge('vastra_db_pool_connections', 'Connections the database pool holds, busy or idle', (u) => u.total);
    gauge('vastra_db_pool_idle_connections', 'Connections of the database pool free for a query', (u) => u.idle);
    gauge('vastra_db_pool_waiting_queries', 'Queries waiting for a free connection of the pool', (u) => u.waiting);
    gauge('vastra_db_pool_max_connections', 'The most connections the database pool opens', (u) => u.max);
  }

  /** Adds prom-client's process metrics (CPU, memory, heap, event loop lag, GC) to this registry. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The text a scrape answers, with its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
