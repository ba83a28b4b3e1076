import type { Address, AddressBookEntry } from '@vastra/contracts';

/**
 * The shipping address of checkout (behaviour.md §3 Order.shippingAddress) without its checks:
 * the new-address form's fields, the address chosen and its GST destination. No schema here, so
 * the checkout's first render (checkout-view.tsx) loads no zod; the checks are address.ts's.
 */

/** One of the address book's addresses, or the new-address form. */
export type AddressChoice = { kind: 'saved'; id: string } | { kind: 'new' };
/** Where the order goes, as far as GST is concerned (behaviour.md §3 Tax result: by state, else by pincode). */
export type Destination = { state: string; postalCode: string } | null;

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

/** Whether a pincode is worth looking up: six digits, not starting with 0. */
export const isPincode = (value: string) => /^[1-9]\d{5}$/.test(value.trim());

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
