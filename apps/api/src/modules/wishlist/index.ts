/** The wishlist module's public surface: saved product sizes, routes. */
export { wishlistRoutes } from './routes';
export { WishlistService } from './service';
export { createWishlistModule } from './module';
