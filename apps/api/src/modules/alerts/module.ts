/**
 * The alerts module's factory (lib/module.ts): back-in-stock and price-drop mails
 * (docs/shopper-features.md "Alerts"). A scan is queued when stock comes back (`stock.changed`)
 * and when the admin edits a product or a size (`catalog.changed`: price, stock, status), and
 * runs every 30 minutes as a safety net.
 */
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import { alertsJobs } from './jobs';
import { alertsRoutes } from './routes';
import { AlertsService, type AlertsDeps } from './service';

export function createAlertsModule(deps: AlertsDeps & { events: DomainEventBus }): {
  alerts: AlertsService;
  module: ApiModule;
} {
  const { events, ...options } = deps;
  const alerts = new AlertsService(options);
  // Queued once the caller's transaction ends (AlertsService.changed): never awaited inside it.
  events.on('stock.changed', 'alerts: scan when stock came back', ({ cameBack }) => {
    if (cameBack) void alerts.changed();
  });
  events.on('catalog.changed', 'alerts: scan after a product or size edit', async ({ entity }) => {
    if (entity === 'product' || entity === 'variant') await alerts.changed();
  });
  return {
    alerts,
    module: {
      name: 'alerts',
      jobs: alertsJobs(alerts),
      routes: async (app) => void (await app.register(alertsRoutes, { alerts })),
    },
  };
}
