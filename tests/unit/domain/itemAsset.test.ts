import { describe, expect, it } from 'vitest';
import { assetOf } from '../../../src/domain/itemAsset.ts';

describe('item assets', () => {
  it('reads asset fields of the right shape only', () => {
    expect(assetOf({ asset: { url: '/a.svg', font_family: 'X', color: '#fff', icon: '🪙', extra: 1 } })).toEqual({ url: '/a.svg', font_family: 'X', color: '#fff', icon: '🪙' });
    expect(assetOf({ asset: { url: 5 } })).toEqual({});
    expect(assetOf({ asset: [] })).toEqual({});
    expect(assetOf(undefined)).toEqual({});
  });
});
