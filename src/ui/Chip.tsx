import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** A pill that filters or chooses; pressed shows it is on. */
export function Chip({ pressed, icon, children, className, ...rest }: { pressed?: boolean; icon?: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={className ? `chip ${className}` : 'chip'} aria-pressed={pressed} {...rest}>
      {icon}
      {children}
    </button>
  );
}
