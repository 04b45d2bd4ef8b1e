// Times Table Dash: a minute of multiplication questions. Each table keeps a mastery record across
// rounds, and questions lean towards the facts the student gets wrong.

export const TABLES = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const ROUND_SECONDS = 60;

export interface Question {
  a: number;
  b: number;
}

/** [right, wrong] answers per fact 'a×b' (a the table): pairs keep a full record of 132 facts near 2 KB. */
export type Mastery = Record<string, [number, number]>;

export function factKey(q: Question): string {
  return `${q.a}x${q.b}`;
}

/**
 * The next question from the chosen tables (a table, times 1 to 12). A fact answered wrong more
 * often than right is three times as likely; the same fact never comes twice in a row.
 */
export function nextQuestion(tables: readonly number[], mastery: Mastery, previous: Question | null, random: () => number = Math.random): Question {
  const facts: { q: Question; weight: number }[] = [];
  for (const a of tables) {
    for (let b = 1; b <= 12; b += 1) {
      const q = { a, b };
      if (previous && previous.a === a && previous.b === b) continue;
      const record = mastery[factKey(q)];
      facts.push({ q, weight: record && record[1] > record[0] ? 3 : 1 });
    }
  }
  let roll = random() * facts.reduce((sum, f) => sum + f.weight, 0);
  for (const fact of facts) {
    roll -= fact.weight;
    if (roll < 0) return fact.q;
  }
  return facts[facts.length - 1]!.q;
}

/** Points for a right answer: 10, plus 2 for every answer of the current streak, up to 30. */
export function points(streak: number): number {
  return 10 + Math.min(20, 2 * streak);
}

/** How well a table is known, 0 to 3 stars: facts answered right at least twice and never more wrong than right. */
export function stars(mastery: Mastery, table: number): number {
  let known = 0;
  for (let b = 1; b <= 12; b += 1) {
    const r = mastery[`${table}x${b}`];
    if (r && r[0] >= 2 && r[0] > r[1]) known += 1;
  }
  return known >= 12 ? 3 : known >= 8 ? 2 : known >= 4 ? 1 : 0;
}

export function record(mastery: Mastery, q: Question, right: boolean): Mastery {
  const key = factKey(q);
  const [r, w] = mastery[key] ?? [0, 0];
  return { ...mastery, [key]: right ? [r + 1, w] : [r, w + 1] };
}

/** Keeps only well-formed records of real facts, from a save that may be old or damaged. */
export function cleanMastery(value: unknown): Mastery {
  const out: Mastery = {};
  if (typeof value !== 'object' || value === null) return out;
  for (const [key, r] of Object.entries(value as Record<string, unknown>)) {
    const m = /^(\d+)x(\d+)$/.exec(key);
    if (!m || !(TABLES as readonly number[]).includes(Number(m[1])) || Number(m[2]) < 1 || Number(m[2]) > 12) continue;
    if (!Array.isArray(r) || r.length !== 2 || !r.every((n) => Number.isInteger(n) && n >= 0)) continue;
    out[key] = [r[0] as number, r[1] as number];
  }
  return out;
}
