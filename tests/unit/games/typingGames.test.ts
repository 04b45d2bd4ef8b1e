import { describe, expect, it } from 'vitest';
import { accuracy as lessonAccuracy, drill, FINGERS, LESSON_KEYS, LESSONS, lessonKeys, lessonScore, speed, WORDS } from '../../../games/home-row-hero/rules.ts';
import { accuracy, PASSAGES, passageOrder, sprintScore, wpm } from '../../../games/keyboard-sprint/rules.ts';

describe('home row hero', () => {
  it('drills only the keys learnt so far, the new pair included', () => {
    for (let i = 0; i < LESSONS.length - 1; i += 1) {
      const text = drill(i);
      const allowed = new Set([...lessonKeys(i), ' ']);
      expect([...text].every((c) => allowed.has(c))).toBe(true);
      expect(text.length).toBeGreaterThanOrEqual(LESSON_KEYS - 1);
      for (const key of LESSONS[i]!.keys) expect(text).toContain(key);
    }
  });

  it('the last lesson types home-row words, every letter of which has a finger', () => {
    const text = drill(LESSONS.length - 1);
    for (const word of text.split(' ')) expect(WORDS).toContain(word);
    for (const c of WORDS.join('')) expect(FINGERS[c]).toBeDefined();
  });

  it('scores by keys right, accuracy and speed', () => {
    const result = { correct: 40, errors: 10, ms: 60_000 };
    expect(lessonAccuracy(result)).toBe(0.8);
    expect(speed(result)).toBe(40);
    expect(lessonScore(result)).toBe(320 + 40);
    expect(lessonScore({ correct: 0, errors: 0, ms: 0 })).toBe(0);
  });
});

describe('keyboard sprint', () => {
  it('counts five characters a word and squares accuracy into the score', () => {
    const t = { correct: 250, errors: 0, ms: 60_000 };
    expect(wpm(t)).toBe(50);
    expect(sprintScore(t)).toBe(500);
    const careless = { correct: 250, errors: 50, ms: 60_000 };
    expect(accuracy(careless)).toBeCloseTo(250 / 300);
    expect(sprintScore(careless)).toBe(Math.round(500 * (250 / 300) ** 2));
    expect(wpm({ correct: 10, errors: 0, ms: 0 })).toBe(0);
  });

  it('orders every passage once, never starting with the one just typed', () => {
    for (let last = 0; last < PASSAGES.length; last += 1) {
      const order = passageOrder(Math.random, last);
      expect([...order].sort((a, b) => a - b)).toEqual(PASSAGES.map((_, i) => i));
      expect(order[0]).not.toBe(last);
    }
  });

  it('uses passages typeable on any keyboard', () => {
    for (const p of PASSAGES) expect(p).toMatch(/^[A-Za-z ,.']+$/);
  });
});
