import { type HTMLInputTypeAttribute, type ReactNode, useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import type { Values } from '../../../shared/lib/validation';
import { Field, Input } from '../../../shared/ui/field';

type Form = {
  values: Values;
  errors: Record<string, string | undefined>;
  setValue: (name: string, value: string | boolean) => void;
};

type TextFieldProps = {
  form: Form;
  name: string;
  label: ReactNode;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  mask?: (raw: string) => string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  suffix?: ReactNode;
  autoFocus?: boolean;
};

/** A labelled input bound to a form field: masked on input, checked on change, its first failing rule shown. */
export function TextField({ form, name, label, mask, hint, required, suffix, ...input }: TextFieldProps) {
  const value = form.values[name];
  return (
    <Field label={label} error={form.errors[name]} hint={hint} required={required}>
      <Input
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => form.setValue(name, mask ? mask(e.target.value) : e.target.value)}
        suffix={suffix}
        {...input}
      />
    </Field>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'suffix'>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="auth-eye"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('auth.login.hide') : t('auth.login.show')}
          aria-pressed={shown}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {shown && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}

export function CheckField({ form, name, children }: { form: Form; name: string; children: ReactNode }) {
  const error = form.errors[name];
  const id = `chk-${name}`;
  return (
    <div className="auth-check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={form.values[name] === true}
          onChange={(e) => form.setValue(name, e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p className="ui-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A failure that belongs to no field (rate limit, network): one line above the submit button. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="auth-note auth-note--error" role="alert">
      {message}
    </p>
  );
}
