import { useState } from 'react';

/**
 * The first defined value the caller passed, kept for the life of the component: for a choice that
 * must not change once shown (whether a row has its place on the page), whatever later reads say.
 */
export function useFirstValue<T>(value: T | undefined): T | undefined {
  const [first, setFirst] = useState<T | undefined>(undefined);
  if (first === undefined && value !== undefined) {
    setFirst(value);
    return value;
  }
  return first;
}
