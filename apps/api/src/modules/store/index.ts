/** The store module's public surface: the commerce API under `/store` and its publishable keys. */
export { keepCartAnswers } from './kept-carts';
export { PublishableKeyService } from './keys';
export { storeRoutes } from './routes';
export { StoreService } from './service';
export { createStoreModule } from './module';
