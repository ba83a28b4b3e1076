import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ADDRESS_MESSAGES,
  TAX_MESSAGES,
  VALIDATION_MESSAGES,
  pincodeStateMismatch,
  type AddressBookEntry,
} from '@vastra/contracts';
import {
  checkDraft,
  chosenAddress,
  destinationOf,
  draftFor,
  initialChoice,
  isAddressMessage,
  isPincode,
  toAddress,
  type AddressDraft,
} from './address';

const draft: AddressDraft = {
  firstName: 'Asha',
  lastName: 'Rao',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  phone: '+91 98765 43210'.replace(/ /g, ''),
};

function entry(id: string, isDefault = false): AddressBookEntry {
  return { ...draft, phone: '9876543210', country: 'India', id, isDefault, createdAt: '2026-01-05T10:00:00.000Z' };
}

describe('the new-address form', () => {
  it("starts with the account's name and mobile number", () => {
    assert.deepEqual(draftFor({ name: 'Asha Devi Rao', phone: '9876543210' }), {
      firstName: 'Asha',
      lastName: 'Devi Rao',
      street: '',
      city: '',
      state: '',
      postalCode: '',
      phone: '9876543210',
    });
    assert.equal(draftFor(null).firstName, '');
  });

  it("is checked with the contracts' rules: India only, the phone as the API stores it", () => {
    const check = checkDraft(draft);
    assert.ok(check.ok);
    assert.equal(check.address.country, 'India');
    assert.equal(check.address.phone, '9876543210');
  });

  it('names the first problem of each field', () => {
    const check = checkDraft({ ...draft, firstName: ' ', postalCode: '012345', phone: '12345', street: '' });
    assert.ok(!check.ok);
    assert.deepEqual(check.errors, {
      firstName: VALIDATION_MESSAGES.name,
      postalCode: VALIDATION_MESSAGES.postalCode,
      phone: VALIDATION_MESSAGES.phone,
      street: VALIDATION_MESSAGES.street,
    });
  });

  it('looks up only complete pincodes', () => {
    assert.ok(isPincode('560001'));
    assert.ok(!isPincode('56000'));
    assert.ok(!isPincode('060001'));
  });
});

describe('the address chosen', () => {
  const book = [entry('a'), entry('b', true)];

  it('starts from the kept choice while the book has it, else the default, else the form', () => {
    assert.deepEqual(initialChoice({ kind: 'saved', id: 'a' }, book), { kind: 'saved', id: 'a' });
    assert.deepEqual(initialChoice({ kind: 'saved', id: 'gone' }, book), { kind: 'saved', id: 'b' });
    assert.deepEqual(initialChoice(null, book), { kind: 'saved', id: 'b' });
    assert.deepEqual(initialChoice({ kind: 'new' }, book), { kind: 'new' });
    assert.deepEqual(initialChoice(null, []), { kind: 'new' });
  });

  it("gives GST the saved address's state and pincode, or the form's once its pincode is complete", () => {
    assert.deepEqual(destinationOf(chosenAddress({ kind: 'saved', id: 'a' }, book), draft), {
      state: 'Karnataka',
      postalCode: '560001',
    });
    assert.deepEqual(destinationOf('new', { ...draft, state: 'Delhi', postalCode: '1100' }), {
      state: 'Delhi',
      postalCode: '',
    });
    assert.equal(destinationOf('new', { ...draft, state: '', postalCode: '11' }), null);
    assert.equal(destinationOf(null, draft), null);
  });

  it('sends a saved address as an order takes it', () => {
    assert.deepEqual(toAddress(entry('a')), { ...draft, phone: '9876543210', country: 'India' });
  });
});

describe("the API's messages about the address", () => {
  it('are told apart from the rest, so they show next to the address', () => {
    assert.ok(isAddressMessage(ADDRESS_MESSAGES.pincodeUnknown));
    assert.ok(isAddressMessage(pincodeStateMismatch('560001', 'Karnataka')));
    assert.ok(isAddressMessage(VALIDATION_MESSAGES.phone));
    assert.ok(isAddressMessage(TAX_MESSAGES.unknownState));
    assert.ok(!isAddressMessage('Payment method is required'));
    assert.ok(!isAddressMessage('Only 1 left of Cotton kurta (size M).'));
  });
});
