/** The sizing module's public surface: size charts per brand and category (docs/shopper-features.md "Size charts and fit"). */
export { adminSizeChartsRoutes, sizingRoutes } from './routes';
export { SizingService } from './service';
export { createSizingModule } from './module';
