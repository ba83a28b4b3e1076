import {
  ADDRESS_MESSAGES,
  TAX_MESSAGES,
  VALIDATION_MESSAGES,
  addressSchema,
  type Address,
  type AddressBookEntry,
} from '@vastra/contracts';
import type { AddressChoice, Destination } from '@/lib/store/checkout-slice';

/**
 * The shipping address of checkout (behaviour.md §3 Order.shippingAddress): the new-address form's fields,
 * their checks (the contracts' rules, so the form says what the API would), which messages of
 * the API are about the address, and the GST destination of the address chosen.
 */

/** The new-address form as typed; the country is always India. */
export type AddressDraft = Omit<Address, 'country'>;
export type AddressField = keyof AddressDraft;

export const ADDRESS_FIELDS: readonly AddressField[] = [
  'firstName',
  'lastName',
  'phone',
  'postalCode',
  'street',
  'city',
  'state',
];

/** An empty form, with the shopper's name and mobile number filled in when the account has them. */
export function draftFor(user: { name: string; phone: string | null } | null): AddressDraft {
  const [firstName = '', ...rest] = (user?.name ?? '').trim().split(/\s+/);
  return {
    firstName,
    lastName: rest.join(' '),
    street: '',
    city: '',
    state: '',
    postalCode: '',
    phone: user?.phone ?? '',
  };
}

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

/** Whether a pincode is worth looking up: six digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value.trim());

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

/** The address an order would go to: the saved one chosen, or the form's. */
export function chosenAddress(
  choice: AddressChoice | null,
  book: readonly AddressBookEntry[],
): AddressBookEntry | 'new' | null {
  if (!choice) return null;
  if (choice.kind === 'new') return 'new';
  return book.find((entry) => entry.id === choice.id) ?? null;
}

/**
 * Where GST is counted for (behaviour.md §3 Tax result): the state and pincode of the chosen address; for the
 * form, its state and a pincode once it is complete (no re-quote for each digit typed).
 */
export function destinationOf(chosen: AddressBookEntry | 'new' | null, draft: AddressDraft): Destination {
  if (!chosen) return null;
  if (chosen !== 'new') return { state: chosen.state, postalCode: chosen.postalCode };
  const postalCode = isPincode(draft.postalCode) ? draft.postalCode.trim() : '';
  if (!draft.state && !postalCode) return null;
  return { state: draft.state, postalCode };
}

/** The choice to start from: the one kept, if the book still has it; else the default address; else the form. */
export function initialChoice(kept: AddressChoice | null, book: readonly AddressBookEntry[]): AddressChoice {
  if (kept?.kind === 'saved' && book.some((entry) => entry.id === kept.id)) return kept;
  if (kept?.kind === 'new') return kept;
  const preferred = book.find((entry) => entry.isDefault) ?? book[0];
  return preferred ? { kind: 'saved', id: preferred.id } : { kind: 'new' };
}

/** The address as an order takes it. */
export function toAddress(entry: AddressBookEntry): Address {
  const { firstName, lastName, street, city, state, postalCode, phone } = entry;
  return { firstName, lastName, street, city, state, postalCode, phone, country: 'India' };
}

/** "12 MG Road, Bengaluru, Karnataka 560001": one line of an address. */
export function addressLine(address: Pick<Address, 'street' | 'city' | 'state' | 'postalCode'>): string {
  return `${address.street}, ${address.city}, ${address.state} ${address.postalCode}`;
}
