import { DEFAULT_ICONS, type IconLook } from '../domain/profileIcons.ts';
import { PROFILE_GLYPH_DRAWINGS } from './profileGlyphs.tsx';
import './profileIcon.css';

interface ProfileIconProps {
  icon: string | null | undefined;
  /** Pixels. */
  size?: number;
  /** The look of an owned icon item, when known (domain/profileIcons.ts iconLook). */
  look?: Partial<IconLook> | undefined;
  /**
   * Drawn instead of the glyph, as the student's initial: where the badge alone stands for the student
   * (the navbar on a phone) a letter says whose account it is. Decorative then: the link around it names
   * the student.
   */
  initial?: string | undefined;
}

/** A profile picture: a default icon's glyph or an icon item's image, in a round badge. Never an emoji. */
export function ProfileIcon({ icon, size = 28, look, initial }: ProfileIconProps) {
  const preset = DEFAULT_ICONS.find((choice) => choice.id === icon);
  const fallback = DEFAULT_ICONS[0]!;
  const background = preset?.background ?? look?.background ?? fallback.background;
  const label = preset?.label ?? look?.label ?? 'Profile icon';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.6), background };
  if (!preset && look?.url) {
    return (
      <span className="profile-icon" style={style} data-testid="profile-icon" data-icon={icon ?? ''}>
        <img src={look.url} alt={label} />
      </span>
    );
  }
  if (initial !== undefined && initial !== '') {
    return (
      <span className="profile-icon profile-initial" style={style} aria-hidden="true" data-testid="profile-icon" data-icon={icon ?? ''}>
        {initial}
      </span>
    );
  }
  const Glyph = PROFILE_GLYPH_DRAWINGS[preset?.glyph ?? look?.glyph ?? fallback.glyph];
  return (
    <span className="profile-icon profile-glyph" style={style} role="img" aria-label={label} data-testid="profile-icon" data-icon={icon ?? ''}>
      <Glyph size={Math.round(size * 0.62)} strokeWidth={2} aria-hidden="true" />
    </span>
  );
}
