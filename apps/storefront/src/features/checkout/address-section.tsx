import { MAX_SAVED_ADDRESSES, type AddressBookEntry, type GstState } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useId, type ReactNode, type RefObject } from 'react';
import { FormMessage } from '@/components/ui/form';
import { addressLine, type AddressChoice, type AddressDraft, type AddressField } from './address-draft';
import { NewAddressForm, type PincodeLookup } from './new-address-form';

type AddressSectionProps = {
  /** The address book; null while it loads. */
  book: AddressBookEntry[] | null;
  states: GstState[];
  choice: AddressChoice | null;
  /** The handlers are absent in the server's render (its controls disabled). */
  onChoose?: (choice: AddressChoice) => void;
  draft: AddressDraft;
  onDraftChange?: (draft: AddressDraft) => void;
  saveAddress: boolean;
  onSaveAddressChange?: (save: boolean) => void;
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

/**
 * Step 1 of checkout, the delivery address (behaviour.md §3 Order.shippingAddress): the saved addresses as a
 * radio list (the default chosen first) and a new address form. A complete pincode is looked up
 * in the India Post directory and fills the city and the state ('We could not find this
 * pincode. Please check it.' when unknown). The country is India. Messages of the form's checks
 * sit under their fields; the API's, in a live region under the form. No 'use client': the
 * server renders it for the checkout's first HTML (checkout-view.tsx), the island in the browser.
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
  const t = useTranslations('checkout.address');
  const ids = useId();
  const headingId = `${ids}-heading`;
  const bookFull = (book?.length ?? 0) >= MAX_SAVED_ADDRESSES;

  let body: ReactNode;
  if (book === null) {
    // As tall as a saved address and its choices, so the summary below does not move when they come.
    body = <p className="min-h-56 py-6 text-sm text-stone-600">{t('loading')}</p>;
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
          <legend className="sr-only">{t('choose')}</legend>
          <ul className="space-y-3">
            {book.map((entry) => (
              <li key={entry.id}>
                <ChoiceCard
                  name={`${ids}-address`}
                  checked={choice?.kind === 'saved' && choice.id === entry.id}
                  onChange={onChoose && (() => onChoose({ kind: 'saved', id: entry.id }))}
                  title={
                    <>
                      {entry.firstName} {entry.lastName}
                      {entry.isDefault && (
                        <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-medium text-stone-700">
                          {t('default')}
                        </span>
                      )}
                    </>
                  }
                >
                  <span className="block">{addressLine(entry)}</span>
                  <span className="block">{t('mobile', { phone: entry.phone })}</span>
                </ChoiceCard>
              </li>
            ))}
            <li>
              <ChoiceCard
                name={`${ids}-address`}
                checked={choice?.kind === 'new'}
                onChange={onChoose && (() => onChoose({ kind: 'new' }))}
                title={t('addNew')}
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
        {t('heading')}
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
  /** Absent in the server's render: the radio is shown as it is, disabled by its fieldset. */
  onChange?: () => void;
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
        readOnly={!onChange}
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
