// The achievements this device already queued for a student and game (issue 29), so a game that calls
// unlock at every first apple of every game sends it, and shows its toast, once per device rather than
// once per play: the server would answer "held already" to each of the rest, and each would count
// against the student's mutation limit.

const PREFIX = 'portal.achievements';

function key(owner: string, gameId: string): string {
  return `${PREFIX}:${owner}:${gameId}`;
}

export function queuedAchievements(owner: string, gameId: string, storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(owner, gameId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberQueuedAchievements(owner: string, gameId: string, ids: ReadonlySet<string>, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(key(owner, gameId), JSON.stringify([...ids]));
  } catch {
    // Storage is off: this page still sends each once.
  }
}
