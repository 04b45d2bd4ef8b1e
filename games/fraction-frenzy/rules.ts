// Fraction Frenzy: a fraction that can be simplified, and four fractions in simplest form of which
// exactly one is equal to it.

export interface Fraction {
  n: number;
  d: number;
}

export interface Round {
  shown: Fraction;
  options: Fraction[];
  answer: number;
}

export const LIVES = 3;
export const RIGHT_PER_LEVEL = 5;

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

export function simplest(f: Fraction): Fraction {
  const g = gcd(f.n, f.d);
  return { n: f.n / g, d: f.d / g };
}

export function equal(a: Fraction, b: Fraction): boolean {
  return a.n * b.d === b.n * a.d;
}

/** Largest denominator in simplest form at a level: 4 at level 1, up to 12. */
export function maxDenominator(level: number): number {
  return Math.min(12, 2 + 2 * level);
}

const int = (random: () => number, lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

/** A round at `level`: the shown fraction is the answer scaled by 2 to 1 + level (up to 6). */
export function makeRound(level: number, random: () => number = Math.random): Round {
  const top = maxDenominator(level);
  let answer: Fraction;
  do {
    const d = int(random, 2, top);
    answer = { n: int(random, 1, d - 1), d };
  } while (gcd(answer.n, answer.d) !== 1);
  const k = int(random, 2, Math.min(6, 1 + level));
  const shown = { n: answer.n * k, d: answer.d * k };
  const options: Fraction[] = [answer];
  // Distractors a student might pick: a numerator or denominator one off, the flipped fraction's
  // neighbour, then any proper fraction in simplest form; never equal to the answer, never twice.
  const tries: Fraction[] = [
    { n: answer.n + 1, d: answer.d },
    { n: answer.n, d: answer.d + 1 },
    { n: Math.max(1, answer.n - 1), d: answer.d },
    { n: answer.n, d: Math.max(2, answer.d - 1) },
  ];
  while (options.length < 4) {
    let candidate = tries.shift();
    if (!candidate) {
      const d = int(random, 2, Math.max(top, 5));
      candidate = { n: int(random, 1, d - 1), d };
    }
    const c = simplest(candidate);
    if (c.n <= 0 || c.n >= c.d) continue;
    if (options.some((o) => equal(o, c))) continue;
    options.push(c);
  }
  for (let i = options.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [options[i], options[j]] = [options[j]!, options[i]!];
  }
  return { shown, options, answer: options.findIndex((o) => equal(o, answer)) };
}

/** Points for a right answer: 10 a level, plus 5 when answered within 5 seconds. */
export function points(level: number, seconds: number): number {
  return 10 * level + (seconds <= 5 ? 5 : 0);
}
