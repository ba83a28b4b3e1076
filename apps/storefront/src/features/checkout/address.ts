import { ADDRESS_MESSAGES, TAX_MESSAGES, VALIDATION_MESSAGES, addressSchema, type Address } from '@vastra/contracts';
import { ADDRESS_FIELDS, type AddressDraft, type AddressField } from './address-draft';

export {
  ADDRESS_FIELDS,
  addressLine,
  chosenAddress,
  destinationOf,
  draftFor,
  initialChoice,
  isPincode,
  toAddress,
  type AddressChoice,
  type AddressDraft,
  type AddressField,
  type Destination,
} from './address-draft';

/**
 * The shipping address of checkout (behaviour.md §3 Order.shippingAddress): the new-address
 * form's checks (the contracts' rules, so the form says what the API would) and which messages
 * of the API are about the address; with the rest of address-draft.ts, re-exported here.
 */

export type DraftCheck = { ok: true; address: Address } | { ok: false; errors: Partial<Record<AddressField, string>> };

/** Checks the form with the contracts' address rules; the first message of each field that fails. */
export function checkDraft(draft: AddressDraft): DraftCheck {
  const parsed = addressSchema.safeParse({ ...draft, country: 'India' });
  if (parsed.success) return { ok: true, address: parsed.data };
  const errors: Partial<Record<AddressField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as AddressField;
    if (ADDRESS_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

const ADDRESS_TEXTS: ReadonlySet<string> = new Set([
  ADDRESS_MESSAGES.pincodeUnknown,
  TAX_MESSAGES.unknownState,
  VALIDATION_MESSAGES.phone,
  VALIDATION_MESSAGES.name,
  VALIDATION_MESSAGES.nameTooLong,
  VALIDATION_MESSAGES.street,
  VALIDATION_MESSAGES.city,
  VALIDATION_MESSAGES.state,
  VALIDATION_MESSAGES.postalCode,
  VALIDATION_MESSAGES.country,
]);

/**
 * Whether a message of the API is about the shipping address (shown next to the address, not
 * by the Place order button): the address texts, or 'Pincode 560001 is in Karnataka. …'.
 */
export function isAddressMessage(message: string): boolean {
  return ADDRESS_TEXTS.has(message) || /^Pincode \d{6} is in /.test(message);
}
