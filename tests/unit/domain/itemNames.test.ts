import { describe, expect, it } from 'vitest';
import { itemIdInReason, itemUnlockedNamed, reasonWithItemName } from '../../../src/domain/itemNames.ts';

const names = new Map([
  ['handwritten_font', 'Handwritten Font'],
  ['s3_star_icon', 'Autumn Star'],
  ['nameless', ''],
]);
const nameOf = (id: string) => names.get(id);

describe('item names beside ids', () => {
  it('finds the item a purchase reason names, and none in other reasons', () => {
    expect(itemIdInReason('bought handwritten_font')).toBe('handwritten_font');
    expect(['streak claim', 'battle pass season 3 tier 2', 'test grant', 'bought', 'bought two things'].map(itemIdInReason)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('keeps the recorded reason and puts the name beside the id', () => {
    expect(reasonWithItemName('bought handwritten_font', nameOf)).toBe('bought handwritten_font (Handwritten Font)');
    expect(reasonWithItemName('streak claim (doubled by streak)', nameOf)).toBe('streak claim (doubled by streak)');
  });

  it('shows the id alone when the catalogue does not know the item or names it by its id', () => {
    expect(reasonWithItemName('bought retired_item', nameOf)).toBe('bought retired_item');
    expect(reasonWithItemName('bought nameless', nameOf)).toBe('bought nameless');
    expect(itemUnlockedNamed('duck_icon', 'duck_icon')).toBe('Item duck_icon unlocked');
  });

  it("keeps the spec's unlock notice word for word, with the name after it", () => {
    expect(itemUnlockedNamed('s3_star_icon', 'Autumn Star')).toBe('Item s3_star_icon unlocked (Autumn Star)');
    expect(itemUnlockedNamed('s3_star_icon', 'Autumn Star').startsWith('Item s3_star_icon unlocked')).toBe(true);
  });
});
