// The icons every student may pick without buying anything. Their ids start with default_, which is
// what update_profile accepts without an owned icon item. Each is drawn from the icon set (the glyph names
// the drawing, ui/ProfileIcon.tsx): an emoji needs a font many school machines lack, and showed a box.

export const PROFILE_GLYPHS = ['smile', 'fox', 'cat', 'robot', 'alien', 'ghost', 'rocket', 'gamepad'] as const;
export type ProfileGlyph = (typeof PROFILE_GLYPHS)[number];

export interface IconChoice {
  id: string;
  label: string;
  glyph: ProfileGlyph;
  background: string;
}

export const DEFAULT_ICONS: readonly IconChoice[] = [
  { id: 'default_icon', label: 'Smiley', glyph: 'smile', background: '#dbeafe' },
  { id: 'default_fox', label: 'Fox', glyph: 'fox', background: '#ffedd5' },
  { id: 'default_cat', label: 'Cat', glyph: 'cat', background: '#fef3c7' },
  { id: 'default_robot', label: 'Robot', glyph: 'robot', background: '#e2e8f0' },
  { id: 'default_alien', label: 'Alien', glyph: 'alien', background: '#ede9fe' },
  { id: 'default_ghost', label: 'Ghost', glyph: 'ghost', background: '#f1f5f9' },
  { id: 'default_rocket', label: 'Rocket', glyph: 'rocket', background: '#e0f2fe' },
  { id: 'default_gamepad', label: 'Gamepad', glyph: 'gamepad', background: '#dcfce7' },
];

/** How to draw a profile icon: a default icon's glyph, or an icon item's picture (its url), on a background. */
export interface IconLook {
  label: string;
  glyph?: ProfileGlyph;
  url?: string;
  background: string;
}

/** How to draw an icon id: a default icon, an owned icon item (its asset image, else the first glyph), or a fallback. */
export function iconLook(id: string | null | undefined, items: readonly { id: string; name: string; asset: unknown }[] = []): IconLook {
  const fallback = DEFAULT_ICONS[0]!;
  const choice = DEFAULT_ICONS.find((icon) => icon.id === id);
  if (choice) return choice;
  const item = items.find((i) => i.id === id);
  if (item) {
    const asset = (item.asset ?? {}) as { url?: unknown; color?: unknown };
    return {
      label: item.name,
      ...(typeof asset.url === 'string' ? { url: asset.url } : { glyph: fallback.glyph }),
      background: typeof asset.color === 'string' ? `${asset.color}33` : fallback.background,
    };
  }
  return fallback;
}
