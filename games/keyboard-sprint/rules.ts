// Keyboard Sprint: a minute of typing short passages. A wrong key does not move on: the student
// fixes it, and it counts against accuracy.

export const SPRINT_SECONDS = 60;

export const PASSAGES: readonly string[] = [
  'The quick brown fox jumps over the lazy dog.',
  'A small boat drifted past the old stone bridge at dawn.',
  'Our class planted twelve sunflowers by the library window.',
  'Bright stars filled the sky above the quiet mountain camp.',
  'Please bring a pencil, a ruler and your reading book.',
  'The river bends twice before it reaches the wide blue sea.',
  'Every morning the baker opens his shop at half past six.',
  'Sam packed a warm jacket because the wind was getting cold.',
  'Maps help us find our way when the roads are new to us.',
  'A busy bee visits hundreds of flowers in a single day.',
  'The team cheered loudly when the final whistle blew.',
  'Rain tapped gently on the roof as we read by lamplight.',
  'Penguins cannot fly, but they are very fast swimmers.',
  'Jo wrote a short story about a robot who loved to paint.',
  'The museum keeps a huge skeleton of a whale in its hall.',
];

export interface Tally {
  correct: number;
  errors: number;
  ms: number;
}

/** Words a minute, counting five typed characters as a word. */
export function wpm(t: Tally): number {
  return t.ms <= 0 ? 0 : Math.round((t.correct / 5) / (t.ms / 60_000));
}

export function accuracy(t: Tally): number {
  const typed = t.correct + t.errors;
  return typed === 0 ? 1 : t.correct / typed;
}

/** The sprint's score: ten points a word a minute, scaled by accuracy squared, so care pays. */
export function sprintScore(t: Tally): number {
  return Math.round(wpm(t) * 10 * accuracy(t) ** 2);
}

/** Passages in a shuffled order that never starts with the one just typed. */
export function passageOrder(random: () => number = Math.random, last: number | null = null): number[] {
  const order = PASSAGES.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  if (order[0] === last) order.push(order.shift()!);
  return order;
}
