import type { HTMLAttributes } from 'react';

/** The one card of the portal: a rounded surface with a soft shadow (kit.css). */
export function Card({ as: Tag = 'section', className, ...rest }: { as?: 'section' | 'div' | 'article' | 'li' } & HTMLAttributes<HTMLElement>) {
  return <Tag className={className ? `card ${className}` : 'card'} {...rest} />;
}
