'use client';

import {
  ADDRESS_MESSAGES,
  MAX_SAVED_ADDRESSES,
  type AddressBookEntry,
  type GstState,
  type PincodeInfo,
} from '@vastra/contracts';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormMessage, inputClass } from '@/components/ui/form';
import type { AddressChoice } from '@/lib/store/checkout-slice';
import { addressLine, isPincode, type AddressDraft, type AddressField } from './address-draft';

type AddressSectionProps = {
  /** The address book; null while it loads. */
  book: AddressBookEntry[] | null;
  states: GstState[];
  choice: AddressChoice | null;
  onChoose: (choice: AddressChoice) => void;
  draft: AddressDraft;
  onDraftChange: (draft: AddressDraft) => void;
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
  /**
   * Looks a pincode up in the India Post directory (null: unknown); null while it cannot (the
   * server's render), when the form does not look up.
   */
  lookupPincode: PincodeLookup | null;
  /** The form's own checks, per field. */
  errors: Partial<Record<AddressField, string>>;
  /** What the API said about the address (e.g. a pincode in another state), or that none is chosen. */
  message: string | null;
  /** The section's heading, focused when the address needs the shopper's attention. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
};

/** A pincode's district and state, or null when the directory does not know it. */
export type PincodeLookup = (pincode: string) => Promise<PincodeInfo | null>;

/**
 * Step 1 of checkout, the delivery address (behaviour.md §3 Order.shippingAddress): the saved addresses as a
 * radio list (the default chosen first) and a new address form. A complete pincode is looked up
 * in the India Post directory and fills the city and the state ('We could not find this
 * pincode. Please check it.' when unknown). The country is India. Messages of the form's checks
 * sit under their fields; the API's, in a live region under the form.
 */
export function AddressSection({
  book,
  states,
  choice,
  onChoose,
  draft,
  onDraftChange,
  saveAddress,
  onSaveAddressChange,
  lookupPincode,
  errors,
  message,
  headingRef,
}: AddressSectionProps) {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const bookFull = (book?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  let body: ReactNode;
  if (book === null) {
    // As tall as a saved address and its choices, so the summary below does not move when they come.
    body = <p className="min-h-56 py-6 text-sm text-stone-600">Loading your addresses...</p>;
  } else {
    const form = (
      <NewAddressForm
        states={states}
        draft={draft}
        onDraftChange={onDraftChange}
        errors={errors}
        saveAddress={saveAddress && !bookFull}
        onSaveAddressChange={onSaveAddressChange}
        lookupPincode={lookupPincode}
        canSave={!bookFull}
      />
    );
    body =
      book.length === 0 ? (
        form
      ) : (
        <fieldset>
          <legend className="sr-only">Choose a delivery address</legend>
          <ul className="space-y-3">
            {book.map((entry) => (
              <li key={entry.id}>
                <ChoiceCard
                  name={`${ids}-address`}
                  checked={choice?.kind === 'saved' && choice.id === entry.id}
                  onChange={() => onChoose({ kind: 'saved', id: entry.id })}
                  title={
                    <>
                      {entry.firstName} {entry.lastName}
                      {entry.isDefault && (
                        <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-700">
                          Default
                        </span>
                      )}
                    </>
                  }
                >
                  <span className="block">{addressLine(entry)}</span>
                  <span className="block">Mobile: {entry.phone}</span>
                </ChoiceCard>
              </li>
            ))}
            <li>
              <ChoiceCard
                name={`${ids}-address`}
                checked={choice?.kind === 'new'}
                onChange={() => onChoose({ kind: 'new' })}
                title="Add a new address"
              />
              {choice?.kind === 'new' && <div className="mt-4 sm:pl-8">{form}</div>}
            </li>
          </ul>
        </fieldset>
      );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-stone-200 p-4 sm:p-6">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="mb-4 text-lg font-semibold text-stone-900 focus:outline-none"
      >
        <span aria-hidden="true" className="mr-2 text-stone-500">
          1
        </span>
        Delivery address
      </h2>
      {body}
      <div className="mt-4">
        <FormMessage message={message} />
      </div>
    </section>
  );
}

/** A radio as a bordered card: the radio, a title and details. */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled,
  onChange,
  title,
  describedBy,
  children,
}: {
  name: string;
  value?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  title: ReactNode;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <label
      className={`flex gap-3 rounded-lg border p-3 text-sm sm:p-4 ${
        disabled
          ? 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-500'
          : checked
            ? 'cursor-pointer border-brand-700 bg-brand-50 ring-1 ring-brand-700'
            : 'cursor-pointer border-stone-300 hover:border-stone-500'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={describedBy}
        className="mt-0.5 size-4 shrink-0 accent-brand-700"
      />
      <span className="min-w-0">
        <span className={`block font-semibold ${disabled ? 'text-stone-600' : 'text-stone-900'}`}>{title}</span>
        {children && <span className="mt-1 block text-stone-600">{children}</span>}
      </span>
    </label>
  );
}

type NewAddressFormProps = {
  states: GstState[];
  draft: AddressDraft;
  onDraftChange: (draft: AddressDraft) => void;
  errors: Partial<Record<AddressField, string>>;
  saveAddress: boolean;
  onSaveAddressChange: (save: boolean) => void;
  lookupPincode: PincodeLookup | null;
  canSave: boolean;
};

function NewAddressForm({
  states,
  draft,
  onDraftChange,
  errors,
  saveAddress,
  onSaveAddressChange,
  lookupPincode,
  canSave,
}: NewAddressFormProps) {
  const ids = useId();
  // What the last lookup said, for the pincode it was about: a note of another pincode is not shown.
  const [pincodeNote, setPincodeNote] = useState<{
    pincode: string;
    text: string;
    tone: 'info' | 'error';
  } | null>(null);
  // The city the last lookup filled in: replaced by the next lookup, unlike a city the shopper typed.
  const filledCity = useRef<string | null>(null);

  const pincode = draft.postalCode.trim();
  const note = pincodeNote?.pincode === pincode ? pincodeNote : null;
  // The draft as it is when the answer comes, not when the lookup started.
  const fillFrom = useEffectEvent((info: PincodeInfo) => {
    const keepCity = draft.city.trim() !== '' && draft.city !== filledCity.current;
    const keepState = info.states.includes(draft.state);
    filledCity.current = keepCity ? filledCity.current : info.city;
    onDraftChange({ ...draft, city: keepCity ? draft.city : info.city, state: keepState ? draft.state : info.state });
  });
  useEffect(() => {
    if (!lookupPincode || !isPincode(pincode)) return;
    let current = true;
    lookupPincode(pincode)
      .then((info) => {
        if (!current) return;
        if (!info) {
          setPincodeNote({ pincode, text: ADDRESS_MESSAGES.pincodeUnknown, tone: 'error' });
          return;
        }
        fillFrom(info);
        setPincodeNote({ pincode, text: `${info.city}, ${info.state}`, tone: 'info' });
      })
      .catch(() => {
        // The lookup only helps: without it the shopper picks the city and state themselves.
        if (current) setPincodeNote(null);
      });
    return () => {
      current = false;
    };
    // Only a new pincode is looked up (or one typed before the lookup could work).
  }, [pincode, lookupPincode]);

  const field = (name: AddressField) => ({
    id: `${ids}-${name}`,
    name,
    value: draft[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => onDraftChange({ ...draft, [name]: event.target.value }),
  });
  const stateNames = states.map((s) => s.name);
  const stateOptions = draft.state && !stateNames.includes(draft.state) ? [draft.state, ...stateNames] : stateNames;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${ids}-firstName`} label="First name" error={errors.firstName}>
        <input {...field('firstName')} autoComplete="given-name" className={inputClass} />
      </Field>
      <Field id={`${ids}-lastName`} label="Last name" error={errors.lastName}>
        <input {...field('lastName')} autoComplete="family-name" className={inputClass} />
      </Field>
      <Field id={`${ids}-phone`} label="Mobile number" error={errors.phone}>
        <input {...field('phone')} type="tel" inputMode="tel" autoComplete="tel-national" className={inputClass} />
      </Field>
      <Field id={`${ids}-postalCode`} label="Pincode" error={errors.postalCode}>
        <input
          {...field('postalCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          aria-describedby={
            [errors.postalCode && `${ids}-postalCode-error`, `${ids}-pincode-note`].filter(Boolean).join(' ') ||
            undefined
          }
          className={inputClass}
        />
        <p
          id={`${ids}-pincode-note`}
          aria-live="polite"
          className={`mt-1 min-h-4 text-xs ${note?.tone === 'error' ? 'text-red-800' : 'text-stone-600'}`}
        >
          {note?.text}
        </p>
      </Field>
      <Field
        id={`${ids}-street`}
        label="Address (house no., building, street, area)"
        error={errors.street}
        className="sm:col-span-2"
      >
        <input {...field('street')} autoComplete="street-address" className={inputClass} />
      </Field>
      <Field id={`${ids}-city`} label="City / district" error={errors.city}>
        <input {...field('city')} autoComplete="address-level2" className={inputClass} />
      </Field>
      <Field id={`${ids}-state`} label="State" error={errors.state}>
        <select {...field('state')} autoComplete="address-level1" className={inputClass}>
          <option value="">Choose a state</option>
          {stateOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <div>
        <p className="mb-1.5 text-sm font-medium text-stone-800">Country</p>
        <p className="py-2.5 text-sm text-stone-900">India</p>
      </div>
      <label
        className={`flex items-center gap-2 self-end pb-2.5 text-sm ${canSave ? 'text-stone-800' : 'text-stone-500'}`}
      >
        <input
          type="checkbox"
          checked={saveAddress}
          disabled={!canSave}
          onChange={(event) => onSaveAddressChange(event.target.checked)}
          className="size-4 accent-brand-700"
        />
        Save this address
        {!canSave && <span className="text-xs">({ADDRESS_MESSAGES.limit})</span>}
      </label>
    </div>
  );
}

/** A labelled control with its error under it. */
function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
