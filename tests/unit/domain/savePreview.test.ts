import { describe, expect, it } from 'vitest';
import { describeSave, savePreview } from '../../../src/domain/savePreview.ts';

describe('savePreview', () => {
  it.each([
    ['2048 in progress', '{"best":2400,"game":{"cells":[0,2],"score":1180,"moves":93,"won":false}}', { score: 1180, best: 2400, moves: 93, level: null }],
    ['a Snake run', '{"best":40,"run":{"score":30,"stepMs":120}}', { score: 30, best: 40, moves: null, level: null }],
    ['a game over, only the best kept', '{"best":40,"game":null}', { score: null, best: 40, moves: null, level: null }],
    ['an outside game saving its score at the top', '{"score":7,"level":3}', { score: 7, best: null, moves: null, level: 3 }],
    ['a zero score', '{"best":0,"game":{"score":0,"moves":0}}', { score: 0, best: 0, moves: 0, level: null }],
  ])('reads %s', (_name, state, preview) => {
    expect(savePreview(state)).toEqual(preview);
  });

  it.each([
    ['text that is not JSON', '{"best":'],
    ['an empty slot', 'null'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['negative, fractional, text and huge numbers', '{"best":-1,"game":{"score":1.5,"moves":"9","level":1e300}}'],
  ])('shows nothing it cannot trust from %s', (_name, state) => {
    expect(savePreview(state)).toEqual({ score: null, best: null, moves: null, level: null });
  });
});

describe('describeSave', () => {
  it('puts the score in play first, then the level, the moves and the best', () => {
    expect(describeSave({ score: 1180, best: 2400, moves: 93, level: null })).toBe('Score 1,180 · 93 moves · best 2,400');
    expect(describeSave({ score: 7, best: null, moves: 1, level: 3 })).toBe('Score 7 · level 3 · 1 move');
  });

  it('starts with a capital when there is no game in progress', () => {
    expect(describeSave({ score: null, best: 40, moves: null, level: null })).toBe('Best 40');
  });

  it('says nothing when the save holds nothing to read', () => {
    expect(describeSave({ score: null, best: null, moves: null, level: null })).toBeNull();
  });
});
