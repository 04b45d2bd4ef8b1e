// The rule behind the variant layout, over configured host lists. The e2e suite checks the same in the
// browser on a build whose VITE_VARIANT_HOSTS lists localhost (tests/e2e/community.spec.ts).
import { describe, expect, it } from 'vitest';
import { chooseLayout, parseVariantHosts, THEMES } from '../../../src/domain/layout.ts';
import { showsVariantBanner } from '../../../src/domain/banner.ts';

const variantHosts = parseVariantHosts('games.example.org, 127.0.0.1');

describe('the site-redesign flag on a configured host', () => {
  it("shows the variant with the dark green theme for flag 'test' on a configured host", () => {
    const choice = chooseLayout({ hostname: '127.0.0.1', variantHosts, flag: 'test' });
    expect(choice).toEqual({ layout: 'variant', theme: 'dark-green' });
    expect(choice.theme === 'dark-green' && THEMES[choice.theme].background).toBe('#1d2c13');
  });

  it('keeps the default light layout for other flag values and while the flag is unknown', () => {
    expect(chooseLayout({ hostname: 'games.example.org', variantHosts, flag: 'control' })).toEqual({ layout: 'default', theme: 'light' });
    expect(chooseLayout({ hostname: 'games.example.org', variantHosts, flag: undefined })).toEqual({ layout: 'default', theme: 'light' });
  });

  it('never shows the variant on other hosts, whatever the analytics flag says', () => {
    expect(chooseLayout({ hostname: 'elsewhere.example', variantHosts, flag: 'test' })).toEqual({ layout: 'default', theme: 'light' });
  });

  it("lets the tester's override win over the analytics flag", () => {
    expect(chooseLayout({ hostname: '127.0.0.1', variantHosts, flag: 'test', forced: { flag: 'control' } })).toEqual({ layout: 'default', theme: 'light' });
  });

  it('applies the banner rule of the variant layout', () => {
    expect(showsVariantBanner('/')).toBe(false);
    expect(showsVariantBanner('/chad')).toBe(false);
    expect(showsVariantBanner('/puzzle')).toBe(true);
    expect(showsVariantBanner('/creator/1/2')).toBe(true);
  });
});
