/** The shipping module's public surface: tracking and serviceability behind one interface, the delivery promise, routes. */
export { shippingFromConfig, type ShippingTracker } from './provider';
export { DeliveryService } from './delivery';
export { deliveryRoutes } from './delivery-routes';
export { shippingRoutes } from './routes';
export { createShipmentBookingModule, createShippingModule } from './module';
export type { ShipmentBooker } from './booker';
export { createCourierModule } from './courier-module';
export { parseRemittanceCsv } from './remittance';
