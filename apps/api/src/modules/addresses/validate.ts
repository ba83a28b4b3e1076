/**
 * The Indian rules of a shipping address beyond its format (behaviour.md §3 Order.shippingAddress; the
 * format — 6-digit pincode not starting with 0, 10-digit mobile starting 6–9, country India —
 * is the contracts' addressSchema): the pincode must be in the India Post directory and the
 * state must be one of the pincode's states.
 */
import { ADDRESS_MESSAGES, VALIDATION_MESSAGES, pincodeStateMismatch, type Address } from '@vastra/contracts';
import { ValidationError } from '../../lib/errors';
import type { PincodeDirectory } from './pincodes';

/**
 * Checks a shipping address against the directory; returns it with city/state normalised
 * and the GST state code. The state may be written as a name in any case or as its GST code
 * ("karnataka", "Karnataka", "29"); the address returned carries the state's proper name.
 * The city is kept as written (people write their town, not the district); an empty one
 * becomes the pincode's district.
 *
 * Throws ValidationError (400): VALIDATION_MESSAGES.country outside India,
 * ADDRESS_MESSAGES.pincodeUnknown for a pincode the directory does not have, and
 * pincodeStateMismatch(pincode, its state(s)) when the state is not the pincode's.
 */
export function checkShippingAddress(dir: PincodeDirectory, address: Address): { address: Address; stateCode: string } {
  if (address.country !== 'India') throw new ValidationError(VALIDATION_MESSAGES.country);
  const info = dir.lookup(address.postalCode);
  const pincodeStates = dir.stateCodesOf(address.postalCode);
  if (!info || !pincodeStates) throw new ValidationError(ADDRESS_MESSAGES.pincodeUnknown);
  const stateCode = dir.stateCode(address.state);
  if (!stateCode || !pincodeStates.includes(stateCode)) {
    throw new ValidationError(pincodeStateMismatch(info.pincode, info.states.join(' or ')));
  }
  // Built field by field: whatever else the caller's object carries (isDefault, an id) stays out.
  return {
    address: {
      firstName: address.firstName,
      lastName: address.lastName,
      street: address.street,
      city: address.city.trim() || info.city,
      state: dir.stateName(stateCode)!,
      postalCode: info.pincode,
      country: 'India',
      phone: address.phone,
    },
    stateCode,
  };
}
