/** The push module's public surface: devices and choices, the jobs, the alerts' port, routes. */
export { PUSH_DELIVER_JOB, PUSH_NOTIFY_JOB, pushJobs } from './jobs';
export { loadVapidKeys, type VapidKeys } from './keys';
export { alertPushPort, createPushModule } from './module';
export { pushRoutes } from './routes';
export { PushService, PUSH_TTL_SECONDS, type PushDeps } from './service';
