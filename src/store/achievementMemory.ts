// The achievements this device already queued for a student and game (issue 29), so a game that calls
// unlock at every first apple of every game sends it, and shows its toast, once per device rather than
// once per play: the server would answer "held already" to each of the rest, and each would count
// against the student's mutation limit. One the server refused is forgotten, so the next unlock sends it
// again: a stat's threshold reached offline, where no stat counts, is reached again by play online.
// Keyed by the catalogue's app id, which the outbox's items carry.

const PREFIX = 'portal.achievements';

function key(owner: string, appId: string): string {
  return `${PREFIX}:${owner}:${appId}`;
}

export function queuedAchievements(owner: string, appId: string, storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): Set<string> {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key(owner, appId)) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberQueuedAchievements(owner: string, appId: string, ids: ReadonlySet<string>, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(key(owner, appId), JSON.stringify([...ids]));
  } catch {
    // Storage is off: this page still sends each once.
  }
}

/** The server refused the unlock: the next time the game unlocks it, it is queued again. */
export function forgetQueuedAchievement(
  owner: string,
  appId: string,
  id: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null,
): void {
  const queued = queuedAchievements(owner, appId, storage);
  if (queued.delete(id)) rememberQueuedAchievements(owner, appId, queued, storage);
}
