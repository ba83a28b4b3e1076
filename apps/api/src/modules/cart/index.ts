/** The cart module's public surface: the cart service, the idle guest cart clean-up, routes. */
export { scheduleGuestCartCleanup } from './cleanup';
export { toPublicCart } from './presenter';
export { cartRoutes } from './routes';
export { CartService, type CartLine, type CartOwner, type CartRecord } from './service';
