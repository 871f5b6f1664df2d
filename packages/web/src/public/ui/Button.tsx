import './ui.css';
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'text' | 'danger';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  /** Shows a spinner and ignores taps until the work is done. */
  loading?: boolean;
  icon?: ReactNode;
}

/** A button of the consumer pages, drawn like the portal's (ui.css), in plain HTML. */
export function Button({ variant = 'default', size = 'middle', block, loading, icon, className, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['pub-btn', `pub-btn--${variant}`, `pub-btn--${size}`, block && 'pub-btn--block', loading && 'pub-btn--loading', className];
  return (
    <button type={type} className={classes.filter(Boolean).join(' ')} aria-busy={loading || undefined} {...rest} disabled={rest.disabled || loading}>
      {loading ? <span className="pub-spin pub-spin--small" aria-hidden="true" /> : icon}
      {children !== undefined && children !== null && <span>{children}</span>}
    </button>
  );
}
