/** The cart module's public surface: the cart service, the idle guest cart clean-up, routes. */
export { cartJobs, GUEST_CART_CLEANUP_JOB } from './jobs';
export { toPublicCart } from './presenter';
export { cartRoutes } from './routes';
export { CartService, type CartLine, type CartOwner, type CartRecord } from './service';
export { createCartModule } from './module';
