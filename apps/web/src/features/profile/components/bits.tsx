import { type ReactNode, useEffect, useState } from 'react';
import { HttpError } from '../../../shared/lib/http';
import { t as translate } from '../../../shared/lib/i18n';
import type { Values } from '../../../shared/lib/validation';
import { Field, Input } from '../../../shared/ui/field';

type Form = {
  values: Values;
  errors: Record<string, string | undefined>;
  setValue: (name: string, value: string | boolean) => void;
};

export function FormInput({
  form,
  name,
  label,
  mask,
  ...input
}: {
  form: Form;
  name: string;
  label: ReactNode;
  type?: string;
  mask?: (raw: string) => string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email';
  placeholder?: string;
}) {
  const v = form.values[name];
  return (
    <Field label={label} error={form.errors[name]} required>
      <Input
        name={name}
        value={typeof v === 'string' ? v : ''}
        onChange={(e) => form.setValue(name, mask ? mask(e.target.value) : e.target.value)}
        {...input}
      />
    </Field>
  );
}

/** An accessible on/off switch (a checkbox with role="switch"). */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: ReactNode;
  disabled?: boolean;
}) {
  return (
    <label className="pf-switch">
      <span>{label}</span>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="pf-switch__track" aria-hidden="true" />
    </label>
  );
}

export function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.message || error.fieldMessages[0] || translate('error_messages.unknown');
  return translate('error_messages.unknown');
}

export const isValidation = (e: unknown): e is HttpError => e instanceof HttpError && e.status === 422;

/** Seconds left until `at`, ticking. */
export function useCountdown(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= Date.now()) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}
