/** The addresses module's public surface: the pincode directory, the shipping address check, the address book. */
export { PincodeDirectory } from './pincodes';
export { addressesRoutes } from './routes';
export { AddressBookService, type AddressBookInput } from './service';
export { checkShippingAddress } from './validate';
export { createAddressesModule } from './module';
