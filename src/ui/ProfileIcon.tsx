import { DEFAULT_ICONS } from '../domain/profileIcons.ts';
import './profileIcon.css';

interface ProfileIconProps {
  icon: string | null | undefined;
  /** Pixels. */
  size?: number;
  /** Looks of owned icon items, when known: an image url or an emoji. */
  look?: { url?: string | undefined; emoji?: string | undefined; background?: string | undefined; label?: string | undefined } | undefined;
  /**
   * Drawn instead of an emoji, as the student's initial: where the badge alone stands for the student
   * (the navbar on a phone), a letter in the portal's font always shows, while an emoji needs a font the
   * device may not have and left an empty circle. Decorative then: the link around it names the student.
   */
  initial?: string | undefined;
}

/** A profile picture: a default icon's emoji or an icon item's image, in a round badge. */
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
  return (
    <span className="profile-icon" style={style} role="img" aria-label={label} data-testid="profile-icon" data-icon={icon ?? ''}>
      {preset?.emoji ?? look?.emoji ?? fallback.emoji}
    </span>
  );
}
