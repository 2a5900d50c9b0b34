import { type ComponentPropsWithRef, cloneElement, isValidElement, type ReactNode, useId } from 'react';
import { cx } from './cx';
import './field.css';

export type FieldProps = {
  label?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** Id of the control; generated when omitted. */
  id?: string;
  className?: string;
  /** A single control (Input, select, textarea); it receives id, aria-invalid and aria-describedby. */
  children: ReactNode;
};

/** Label + control + hint or error text, wired for screen readers. */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `f${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  const control = isValidElement<Record<string, unknown>>(children)
    ? cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
        invalid: children.type === Input ? Boolean(error) : undefined,
      })
    : children;

  return (
    <div className={cx('ui-field', error ? 'ui-field--error' : undefined, className)}>
      {label && (
        <label className="ui-field__label" htmlFor={controlId}>
          {label}
          {required && (
            <span className="ui-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {control}
      {error ? (
        <p className="ui-field__error" id={errorId} role="alert">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="currentColor" opacity="0.2" />
            <path d="M8 4.5v4.5M8 11.2v.3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          {error}
        </p>
      ) : (
        hint && (
          <p className="ui-field__hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

export type InputProps = Omit<ComponentPropsWithRef<'input'>, 'size' | 'prefix'> & {
  size?: 'sm' | 'md' | 'lg';
  /** Content inside the box before the text (an icon, "R$"). */
  prefix?: ReactNode;
  /** Content inside the box after the text (a button, a unit). */
  suffix?: ReactNode;
  invalid?: boolean;
};

export function Input({ size = 'md', prefix, suffix, invalid, className, ...rest }: InputProps) {
  const isInvalid = invalid || rest['aria-invalid'] === true || rest['aria-invalid'] === 'true';
  return (
    <div
      className={cx(
        'ui-input',
        `ui-input--${size}`,
        isInvalid && 'ui-input--invalid',
        rest.disabled && 'ui-input--disabled',
        className,
      )}
    >
      {prefix != null && <span className="ui-input__affix">{prefix}</span>}
      <input {...rest} aria-invalid={isInvalid || undefined} className="ui-input__control" />
      {suffix != null && <span className="ui-input__affix">{suffix}</span>}
    </div>
  );
}
