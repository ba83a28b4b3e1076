/**
 * The reviews module's factory (lib/module.ts): shoppers' reviews with photos and the
 * verified-purchase mark; a change of rating is told as `review.changed` (lib/events.ts).
 */
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import type { CatalogService } from '../catalog';
import type { UploadService } from '../files';
import type { UsersService } from '../users';
import { reviewsRoutes } from './routes';
import { ReviewsService, type PurchaseHistory } from './service';

export function createReviewsModule(deps: {
  db: Db;
  catalog: CatalogService;
  users: UsersService;
  uploads: UploadService;
  /** The verified-purchase mark: has the reviewer received the product? (the orders module) */
  purchases: PurchaseHistory;
  publicUrl: string;
  events: DomainEventBus;
}): { reviews: ReviewsService; module: ApiModule } {
  const { db, ...options } = deps;
  const reviews = new ReviewsService(db, options);
  return {
    reviews,
    module: {
      name: 'reviews',
      routes: async (app) => void (await app.register(reviewsRoutes, { reviews, answers: deps.catalog.answers })),
    },
  };
}
