import { describe, expect, it } from 'vitest';
import { equal, gcd, makeRound, maxDenominator, points as fractionPoints, simplest } from '../../../games/fraction-frenzy/rules.ts';
import { cleanMastery, nextQuestion, points, record, stars, type Mastery } from '../../../games/times-table-dash/rules.ts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('fraction frenzy', () => {
  it('simplifies and compares fractions', () => {
    expect(gcd(12, 18)).toBe(6);
    expect(simplest({ n: 6, d: 8 })).toEqual({ n: 3, d: 4 });
    expect(equal({ n: 2, d: 4 }, { n: 1, d: 2 })).toBe(true);
    expect(equal({ n: 2, d: 3 }, { n: 3, d: 4 })).toBe(false);
  });

  it('makes rounds with exactly one right answer, in simplest form, and a shown fraction that can be simplified', () => {
    for (let level = 1; level <= 6; level += 1) {
      const random = seeded(level);
      for (let k = 0; k < 200; k += 1) {
        const round = makeRound(level, random);
        expect(round.options).toHaveLength(4);
        const right = round.options.filter((o) => equal(o, round.shown));
        expect(right).toHaveLength(1);
        expect(round.options[round.answer]).toEqual(right[0]);
        for (const o of round.options) {
          expect(gcd(o.n, o.d)).toBe(1);
          expect(o.n).toBeGreaterThan(0);
          expect(o.n).toBeLessThan(o.d);
        }
        expect(gcd(round.shown.n, round.shown.d)).toBeGreaterThan(1);
        expect(simplest(round.shown).d).toBeLessThanOrEqual(maxDenominator(level));
      }
    }
  });

  it('pays more at higher levels and for quick answers', () => {
    expect(fractionPoints(1, 8)).toBe(10);
    expect(fractionPoints(3, 4)).toBe(35);
  });
});

describe('times table dash', () => {
  it('asks only the chosen tables, never the same fact twice in a row', () => {
    const random = seeded(7);
    let previous = null;
    for (let k = 0; k < 300; k += 1) {
      const q = nextQuestion([7, 8], {}, previous, random);
      expect([7, 8]).toContain(q.a);
      expect(q.b).toBeGreaterThanOrEqual(1);
      expect(q.b).toBeLessThanOrEqual(12);
      if (previous) expect(`${q.a}x${q.b}`).not.toBe(`${previous.a}x${previous.b}`);
      previous = q;
    }
  });

  it('asks a fact the student keeps missing about three times as often', () => {
    const mastery: Mastery = { '7x8': [0, 2] };
    const random = seeded(3);
    let hits = 0;
    for (let k = 0; k < 6000; k += 1) if (nextQuestion([7], mastery, null, random).b === 8) hits += 1;
    // 3 of 14 weights beside 1 of 12 without the record.
    expect(hits / 6000).toBeGreaterThan(0.17);
    expect(hits / 6000).toBeLessThan(0.26);
  });

  it('adds streak points up to a cap, records answers and awards stars', () => {
    expect([points(0), points(3), points(50)]).toEqual([10, 16, 30]);
    let mastery: Mastery = {};
    for (let b = 1; b <= 12; b += 1) {
      mastery = record(mastery, { a: 3, b }, true);
      mastery = record(mastery, { a: 3, b }, true);
    }
    expect(stars(mastery, 3)).toBe(3);
    mastery = record(record(record(mastery, { a: 3, b: 1 }, false), { a: 3, b: 1 }, false), { a: 3, b: 1 }, false);
    expect(stars(mastery, 3)).toBe(2);
    expect(stars(mastery, 4)).toBe(0);
  });

  it('keeps a full record of every fact well inside a tenth of the save limit', () => {
    let mastery: Mastery = {};
    for (const a of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) for (let b = 1; b <= 12; b += 1) mastery = record(mastery, { a, b }, true);
    for (const key of Object.keys(mastery)) mastery[key] = [99, 99];
    const bytes = JSON.stringify({ best: 999_999, tables: 'mixed', mastery }).length;
    expect(bytes).toBeLessThan(3 * 1024);
  });

  it('keeps only sound mastery records from a save', () => {
    expect(cleanMastery({ '3x4': [2, 1], '13x4': [1, 0], '3x0': [1, 0], bad: 1, '5x5': ['x', 0], '6x6': [1, -1], '7x7': [1, 2, 3] })).toEqual({
      '3x4': [2, 1],
    });
    expect(cleanMastery(null)).toEqual({});
  });
});
