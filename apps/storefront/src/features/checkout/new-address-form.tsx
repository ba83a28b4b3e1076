'use client';

import { ADDRESS_MESSAGES, type GstState, type PincodeInfo } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import { inputClass } from '@/components/ui/form';
import { SpecMessage, useLocaliseMessage } from '@/i18n/spec-messages';
import { isPincode, type AddressDraft, type AddressField } from './address-draft';

/** A pincode's district and state, or null when the directory does not know it. */
export type PincodeLookup = (pincode: string) => Promise<PincodeInfo | null>;

type NewAddressFormProps = {
  states: GstState[];
  draft: AddressDraft;
  onDraftChange?: (draft: AddressDraft) => void;
  errors: Partial<Record<AddressField, string>>;
  saveAddress: boolean;
  onSaveAddressChange?: (save: boolean) => void;
  lookupPincode: PincodeLookup | null;
  canSave: boolean;
};

/**
 * The checkout's new-address form (address-section.tsx): a complete pincode is looked up and
 * fills the city and the state. Its handlers are absent in the server's render.
 */
export function NewAddressForm({
  states,
  draft,
  onDraftChange,
  errors,
  saveAddress,
  onSaveAddressChange,
  lookupPincode,
  canSave,
}: NewAddressFormProps) {
  const t = useTranslations('checkout.address');
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
    onDraftChange?.({ ...draft, city: keepCity ? draft.city : info.city, state: keepState ? draft.state : info.state });
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
    onChange:
      onDraftChange &&
      ((event: { target: { value: string } }) => onDraftChange({ ...draft, [name]: event.target.value })),
    readOnly: !onDraftChange,
  });
  const stateNames = states.map((s) => s.name);
  const stateOptions = draft.state && !stateNames.includes(draft.state) ? [draft.state, ...stateNames] : stateNames;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${ids}-firstName`} label={t('firstName')} error={errors.firstName}>
        <input {...field('firstName')} autoComplete="given-name" className={inputClass} />
      </Field>
      <Field id={`${ids}-lastName`} label={t('lastName')} error={errors.lastName}>
        <input {...field('lastName')} autoComplete="family-name" className={inputClass} />
      </Field>
      <Field id={`${ids}-phone`} label={t('phone')} error={errors.phone}>
        <input {...field('phone')} type="tel" inputMode="tel" autoComplete="tel-national" className={inputClass} />
      </Field>
      <Field id={`${ids}-postalCode`} label={t('postalCode')} error={errors.postalCode}>
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
      <Field id={`${ids}-street`} label={t('street')} error={errors.street} className="sm:col-span-2">
        <input {...field('street')} autoComplete="street-address" className={inputClass} />
      </Field>
      <Field id={`${ids}-city`} label={t('city')} error={errors.city}>
        <input {...field('city')} autoComplete="address-level2" className={inputClass} />
      </Field>
      <Field id={`${ids}-state`} label={t('state')} error={errors.state}>
        <select {...field('state')} autoComplete="address-level1" className={inputClass}>
          <option value="">{t('chooseState')}</option>
          {stateOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      <div>
        <p className="mb-1.5 text-sm font-medium text-stone-800">{t('country')}</p>
        <p className="py-2.5 text-sm text-stone-900">{t('india')}</p>
      </div>
      <label
        className={`flex items-center gap-2 self-end pb-2.5 text-sm ${canSave ? 'text-stone-800' : 'text-stone-500'}`}
      >
        <input
          type="checkbox"
          checked={saveAddress}
          disabled={!canSave}
          onChange={onSaveAddressChange && ((event) => onSaveAddressChange(event.target.checked))}
          readOnly={!onSaveAddressChange}
          className="size-4 accent-brand-700"
        />
        {t('save')}
        {!canSave && (
          <span className="text-xs">
            (<SpecMessage text={ADDRESS_MESSAGES.limit} />)
          </span>
        )}
      </label>
    </div>
  );
}

/** A labelled control with its error (behaviour.md §5, in the page's language) under it. */
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
  const localise = useLocaliseMessage();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-800">
          {localise(error)}
        </p>
      )}
    </div>
  );
}
