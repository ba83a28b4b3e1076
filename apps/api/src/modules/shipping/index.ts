/** The shipping module's public surface: shipment tracking behind one interface, routes. */
export { trackerFromConfig, type ShippingTracker } from './provider';
export { shippingRoutes } from './routes';
