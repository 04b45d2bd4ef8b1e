// The icons every student may pick without buying anything. Their ids start with default_, which is
// what update_profile accepts without an owned icon item. Emoji keep them tiny and offline-ready.

export interface IconChoice {
  id: string;
  label: string;
  emoji: string;
  background: string;
}

export const DEFAULT_ICONS: readonly IconChoice[] = [
  { id: 'default_icon', label: 'Smiley', emoji: '🙂', background: '#dbeafe' },
  { id: 'default_fox', label: 'Fox', emoji: '🦊', background: '#ffedd5' },
  { id: 'default_cat', label: 'Cat', emoji: '🐱', background: '#fef3c7' },
  { id: 'default_robot', label: 'Robot', emoji: '🤖', background: '#e2e8f0' },
  { id: 'default_alien', label: 'Alien', emoji: '👾', background: '#ede9fe' },
  { id: 'default_ghost', label: 'Ghost', emoji: '👻', background: '#f1f5f9' },
  { id: 'default_rocket', label: 'Rocket', emoji: '🚀', background: '#e0f2fe' },
  { id: 'default_gamepad', label: 'Gamepad', emoji: '🎮', background: '#dcfce7' },
];

export interface IconLook {
  label: string;
  emoji?: string;
  url?: string;
  background: string;
}

/** How to draw an icon id: a default icon, an owned icon item (its asset image or emoji), or a fallback. */
export function iconLook(
  id: string | null | undefined,
  items: readonly { id: string; name: string; preview_emoji: string | null; asset: unknown }[] = [],
): IconLook {
  const fallback = DEFAULT_ICONS[0]!;
  const choice = DEFAULT_ICONS.find((icon) => icon.id === id);
  if (choice) return choice;
  const item = items.find((i) => i.id === id);
  if (item) {
    const asset = (item.asset ?? {}) as { url?: unknown; color?: unknown };
    return {
      label: item.name,
      ...(typeof asset.url === 'string' ? { url: asset.url } : {}),
      ...(item.preview_emoji ? { emoji: item.preview_emoji } : {}),
      background: typeof asset.color === 'string' ? `${asset.color}33` : fallback.background,
    };
  }
  return fallback;
}
