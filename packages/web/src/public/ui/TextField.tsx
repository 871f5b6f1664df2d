import './ui.css';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: ReactNode;
  /** The field's problem, shown under it and tied to it for screen readers; '' when none. */
  error?: string;
  size?: 'middle' | 'large';
}

/**
 * A labelled text input of a consumer form: the label is the input's accessible name and its error is the
 * input's description (aria-invalid + aria-describedby), as the portal's form items do.
 */
export function TextField({ label, error, size = 'middle', className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`pub-field${error ? ' pub-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="pub-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`pub-input pub-input--${size}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="pub-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
