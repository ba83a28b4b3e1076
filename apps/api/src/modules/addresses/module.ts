/**
 * The addresses module's factory (lib/module.ts): the pincode directory (loaded once) and the
 * shoppers' address books, with their routes.
 */
import type { Db } from '../../db/client';
import type { ApiModule } from '../../lib/module';
import { PincodeDirectory } from './pincodes';
import { addressesRoutes } from './routes';
import { AddressBookService } from './service';

export function createAddressesModule(deps: { db: Db }): {
  pincodes: PincodeDirectory;
  addressBook: AddressBookService;
  module: ApiModule;
} {
  const pincodes = PincodeDirectory.load();
  const addressBook = new AddressBookService(deps.db, pincodes);
  return {
    pincodes,
    addressBook,
    module: {
      name: 'addresses',
      routes: async (app) => void (await app.register(addressesRoutes, { addresses: addressBook, pincodes })),
    },
  };
}
