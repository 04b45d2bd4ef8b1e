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
      <path d="M8 4l2 3M16 4l-2 3" />
      <rect x="5" y="7" width="14" height="9" rx="2" />
      <path d="M9.5 11h.01M14.5 11h.01M5 11H3v3M19 11h2v3M8 16v3M16 16v3M11 16v2M13 16v2" />
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
