// What a student recognises in a game's save when two copies differ (issue 27): the score of the game
// in progress and the best score, read from the shapes the bundled games save (docs/game-sdk.md:
// `{ best, game }` or `{ best, run }`, the game or run holding `score` and sometimes `moves` or `level`).
// A save is a game's own JSON and may come from an outside game: whatever does not fit is left out.

export interface SavePreview {
  /** The score of the game in progress. */
  score: number | null;
  best: number | null;
  moves: number | null;
  level: number | null;
}

const EMPTY: SavePreview = { score: null, best: null, moves: null, level: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}

export function savePreview(state: string): SavePreview {
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    return EMPTY;
  }
  if (!isRecord(parsed)) return EMPTY;
  const inPlay = [parsed.game, parsed.run].find(isRecord) ?? parsed;
  return {
    score: count(inPlay.score),
    best: count(parsed.best),
    moves: count(inPlay.moves),
    level: count(inPlay.level),
  };
}

/** The preview in words: "Score 1,180 · 93 moves · best 2,400", or null when the save shows nothing to read. */
export function describeSave(preview: SavePreview): string | null {
  const parts: string[] = [];
  if (preview.score !== null) parts.push(`Score ${preview.score.toLocaleString('en-US')}`);
  if (preview.level !== null) parts.push(`level ${preview.level.toLocaleString('en-US')}`);
  if (preview.moves !== null) parts.push(`${preview.moves.toLocaleString('en-US')} ${preview.moves === 1 ? 'move' : 'moves'}`);
  if (preview.best !== null) parts.push(`best ${preview.best.toLocaleString('en-US')}`);
  if (parts.length === 0) return null;
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
