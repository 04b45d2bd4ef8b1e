import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type ButtonVariant = 'primary' | 'secondary' | 'quiet' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon from the icon set, drawn before the label. */
  icon?: ReactNode;
}

/** The classes of one look (kit.css): every button of the portal is one of these four. */
export function buttonClass({ variant = 'primary', size = 'md' }: Look, extra?: string): string {
  const names = ['button'];
  if (variant !== 'primary') names.push(`button-${variant}`);
  if (size !== 'md') names.push(`button-${size}`);
  if (extra) names.push(extra);
  return names.join(' ');
}

export function Button({ variant, size, icon, className, children, type = 'button', ...rest }: Look & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    // The type is the caller's, "button" unless said: a kit button never submits a form by accident.
    <button type={type} className={buttonClass({ variant, size }, className)} {...rest}>
      {icon}
      {children}
    </button>
  );
}

/** A link that looks like a button: for a next step that goes to another page. */
export function ButtonLink({ variant, size, icon, className, children, ...rest }: Look & LinkProps) {
  return (
    <Link className={buttonClass({ variant, size }, className)} {...rest}>
      {icon}
      {children}
    </Link>
  );
}
