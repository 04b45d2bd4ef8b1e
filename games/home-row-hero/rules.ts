// Home Row Hero: touch typing, a home-row key pair at a time. Each lesson drills its keys with those of
// the lessons before; a lesson typed at 90 % accuracy or better opens the next.

export interface Lesson {
  keys: string;
  title: string;
}

export const LESSONS: readonly Lesson[] = [
  { keys: 'fj', title: 'F and J: find the bumps' },
  { keys: 'dk', title: 'D and K: middle fingers' },
  { keys: 'sl', title: 'S and L: ring fingers' },
  { keys: 'a;', title: 'A and ;: little fingers' },
  { keys: 'gh', title: 'G and H: reach inwards' },
  { keys: '', title: 'Home-row words' },
];

export const WORDS = ['as', 'ask', 'dad', 'sad', 'lad', 'add', 'all', 'fall', 'hall', 'shall', 'salad', 'flask', 'glass', 'flag', 'half', 'gash', 'lash', 'dash', 'jag', 'has', 'had', 'gas', 'lag', 'alfalfa', 'jaffa', 'kafka'];

export const PASS_ACCURACY = 0.9;
export const LESSON_KEYS = 40;

/** Which finger types a key: the home-row position of each finger, and g/h for the index reach. */
export const FINGERS: Record<string, string> = {
  a: 'left little finger',
  s: 'left ring finger',
  d: 'left middle finger',
  f: 'left index finger',
  g: 'left index finger',
  h: 'right index finger',
  j: 'right index finger',
  k: 'right middle finger',
  l: 'right ring finger',
  ';': 'right little finger',
  ' ': 'thumb',
};

/** The keys a lesson drills: its own and every earlier lesson's. */
export function lessonKeys(index: number): string {
  return LESSONS.slice(0, index + 1)
    .map((l) => l.keys)
    .join('');
}

/**
 * About LESSON_KEYS characters to type, in groups split by spaces: groups of the lesson's keys (its new
 * pair twice as often), or home-row words for the last lesson.
 */
export function drill(index: number, random: () => number = Math.random): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const groups: string[] = [];
  let length = 0;
  const lesson = LESSONS[index]!;
  const pool = lesson.keys === '' ? '' : lesson.keys + lesson.keys + lessonKeys(index);
  while (length < LESSON_KEYS) {
    const group = lesson.keys === '' ? pick(WORDS) : Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick([...pool])).join('');
    groups.push(group);
    length += group.length + 1;
  }
  return groups.join(' ');
}

export interface Result {
  correct: number;
  errors: number;
  ms: number;
}

export function accuracy(r: Result): number {
  const typed = r.correct + r.errors;
  return typed === 0 ? 0 : r.correct / typed;
}

/** Characters a minute. */
export function speed(r: Result): number {
  return r.ms <= 0 ? 0 : Math.round((r.correct / r.ms) * 60_000);
}

/** A lesson's score: 10 a right key, scaled by accuracy, plus the speed in characters a minute. */
export function lessonScore(r: Result): number {
  return Math.round(r.correct * 10 * accuracy(r)) + speed(r);
}
