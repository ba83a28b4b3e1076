/** The health module's public surface: `/health` and `/ready`. */
export { healthRoutes } from './routes';
export { createHealthModule } from './module';
