/**
 * The users module's factory (lib/module.ts): shoppers' profiles (a rename is told as
 * `review.changed`: reviews show the name) and the admin's customer list.
 */
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import type { ApiModule } from '../../lib/module';
import type { AddressBookService } from '../addresses';
import type { UploadService } from '../files';
import { Customers } from './customers';
import { usersRoutes } from './routes';
import { UsersService } from './service';

export function createUsersModule(deps: {
  db: Db;
  publicUrl: string;
  uploads: UploadService;
  addresses: AddressBookService;
  events: DomainEventBus;
}): { users: UsersService; customers: Customers; module: ApiModule } {
  const { db, ...options } = deps;
  const users = new UsersService(db, options);
  return {
    users,
    customers: new Customers(db),
    module: { name: 'users', routes: async (app) => void (await app.register(usersRoutes, { users })) },
  };
}
