/** The users module's public surface: the account service, its row type and the profile routes. */
export { Customers, type CustomerRow } from './customers';
export { usersRoutes } from './routes';
export { UsersService } from './service';
export type { UserRow } from './tables';
export { createUsersModule } from './module';
