import { Bot, Cat, Gamepad2, Ghost, Rocket, Smile, type LucideProps } from 'lucide-react';
import type { ComponentType } from 'react';
import type { ProfileGlyph } from '../domain/profileIcons.ts';

/** Drawn in the icon set's manner (24 px grid, round 2 px strokes in the current colour) for the two it lacks. */
function Drawn({ size = 24, strokeWidth = 2, className, children }: LucideProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function Fox(props: LucideProps) {
  return (
    <Drawn {...props}>
      <path d="M4 3l5 5h6l5-5v9l-8 9-8-9z" />
      <path d="M9.5 12.5h.01M14.5 12.5h.01M11 17h2" />
    </Drawn>
  );
}

function Alien(props: LucideProps) {
  return (
    <Drawn {...props}>
      <path d="M12 3c-4.4 0-8 3-8 7.5C4 14.7 8.5 21 12 21s8-6.3 8-10.5C20 6 16.4 3 12 3z" />
      <path d="M7.5 10.5c1.6 0 3.2 1 3.6 2.6-1.6 0-3.2-1-3.6-2.6zM16.5 10.5c-1.6 0-3.2 1-3.6 2.6 1.6 0 3.2-1 3.6-2.6zM11 17h2" />
    </Drawn>
  );
}

/** Every glyph a default profile icon may name, drawn without any emoji font. */
export const PROFILE_GLYPH_DRAWINGS: Record<ProfileGlyph, ComponentType<LucideProps>> = {
  smile: Smile,
  fox: Fox,
  cat: Cat,
  robot: Bot,
  alien: Alien,
  ghost: Ghost,
  rocket: Rocket,
  gamepad: Gamepad2,
};
