import { describe, expect, it } from 'vitest';
import { DEFAULT_ICONS, iconLook } from '../../../src/domain/profileIcons.ts';

describe('default icons', () => {
  it('all carry the default_ prefix update_profile accepts without an owned item, and are unique', () => {
    for (const icon of DEFAULT_ICONS) expect(icon.id).toMatch(/^default_[a-z0-9_]{1,40}$/);
    expect(new Set(DEFAULT_ICONS.map((icon) => icon.id)).size).toBe(DEFAULT_ICONS.length);
    expect(DEFAULT_ICONS.some((icon) => icon.id === 'default_icon')).toBe(true);
  });

  it('draws an owned icon item from its asset, and an unknown id as the default icon', () => {
    const duck = { id: 'duck_icon', name: 'Duck', preview_emoji: '🦆', asset: { url: '/cosmetics/icons/duck_icon.svg', color: '#3b82f6' } };
    expect(iconLook('duck_icon', [duck])).toEqual({ label: 'Duck', url: '/cosmetics/icons/duck_icon.svg', background: '#3b82f633' });
    expect(iconLook('nothing', [duck]).label).toBe(DEFAULT_ICONS[0]?.label);
  });

  it('draws an owned icon item without a picture as the first glyph, never its emoji', () => {
    const star = { id: 'star_icon', name: 'Star', preview_emoji: '⭐', asset: {} };
    expect(iconLook('star_icon', [star])).toEqual({ label: 'Star', glyph: DEFAULT_ICONS[0]?.glyph, background: DEFAULT_ICONS[0]?.background });
  });
});
