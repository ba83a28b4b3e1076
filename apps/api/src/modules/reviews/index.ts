/** The reviews module's public surface: reviews and their stats, routes. */
export { reviewsRoutes } from './routes';
export { ReviewsService, type PurchaseHistory } from './service';
export { createReviewsModule } from './module';
