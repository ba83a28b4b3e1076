'use client';

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLocaliseMessage } from '@/i18n/spec-messages';

/** The input style shared by every form. */
export const inputClass =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-700 focus:ring-1 focus:ring-brand-700 focus:outline-none disabled:bg-stone-100 sm:text-sm';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** A short help text under the field, read with it. */
  hint?: ReactNode;
  /** Something next to the label (e.g. a 'Forgot Password?' link). */
  aside?: ReactNode;
};

/** A labelled text input with an optional hint (forms of the accounts screens). */
export function TextField({ label, hint, aside, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        {aside}
      </div>
      <input id={inputId} aria-describedby={hint ? hintId : undefined} className={inputClass} {...input} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The form's main button; shows `busyLabel` and is disabled while its call runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-md bg-brand-700 px-5 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-600"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * Where a form says what went wrong, or what happened: an aria-live region present from the
 * start, so screen readers announce each new message (docs/architecture.md "Conventions": errors and status are announced).
 * A behaviour.md §8 / §5 message (a field check's, an API answer's) shows in the page's language.
 */
export function FormMessage({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  const localise = useLocaliseMessage();
  return (
    <div aria-live="polite" aria-atomic="true">
      {message && (
        <p
          className={`rounded-md px-3 py-2.5 text-sm ${
            tone === 'error'
              ? 'border border-red-200 bg-red-50 text-red-800'
              : 'border border-emerald-200 bg-emerald-50 text-emerald-900'
          }`}
        >
          {localise(message)}
        </p>
      )}
    </div>
  );
}

/**
 * The field for a mailed 6-digit one-time code: digits only, offered by the phone's
 * keyboard and autofill, large and spaced so it is easy to check against the mail.
 */
export function CodeField({
  label,
  hint,
  value,
  onCodeChange,
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  onCodeChange: (code: string) => void;
}) {
  return (
    <TextField
      label={label}
      hint={hint}
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
    />
  );
}
