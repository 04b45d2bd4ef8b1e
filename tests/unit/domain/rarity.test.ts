import { describe, expect, it } from 'vitest';
import { rarityColour } from '../../../src/domain/rarity.ts';

describe('rarity colours', () => {
  it('colours rarities as the spec says: Common white, Rare blue, Legendary purple, Exotic gold', () => {
    expect(['Common', 'Rare', 'Legendary', 'Exotic', 'Mythic'].map(rarityColour)).toEqual(['#ffffff', '#2563eb', '#9333ea', '#f5b301', '#ffffff']);
  });
});
