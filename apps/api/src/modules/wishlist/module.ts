/** The wishlist module's factory (lib/module.ts): each shopper's wishlist and its routes. */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import type { CatalogService } from '../catalog';
import { wishlistRoutes } from './routes';
import { WishlistService } from './service';

export function createWishlistModule(deps: { db: Db; catalog: CatalogService }): {
  wishlist: WishlistService;
  module: ApiModule;
} {
  const wishlist = new WishlistService(deps.db, deps.catalog);
  return {
    wishlist,
    module: { name: 'wishlist', routes: async (app) => void (await app.register(wishlistRoutes, { wishlist })) },
  };
}
