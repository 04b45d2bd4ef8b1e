import type { CSSProperties } from 'react';

/** A shimmering shape of the size of what is on its way, so nothing moves when it arrives. */
export function Skeleton({ width = '100%', height, radius, className }: { width?: CSSProperties['width']; height: CSSProperties['height']; radius?: CSSProperties['borderRadius']; className?: string }) {
  return <span className={className ? `skeleton ${className}` : 'skeleton'} aria-hidden="true" style={{ width, height, borderRadius: radius }} />;
}
