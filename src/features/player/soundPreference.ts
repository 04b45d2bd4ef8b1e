// Whether games may make sound. Off until the student turns it on (a classroom is no place for a
// surprise jingle), then remembered on this device for every game.

const KEY = 'portal.gameSound';

export function loadGameSoundOn(storage: Pick<Storage, 'getItem'> | null = globalThis.localStorage ?? null): boolean {
  try {
    return storage?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function storeGameSoundOn(on: boolean, storage: Pick<Storage, 'setItem'> | null = globalThis.localStorage ?? null): void {
  try {
    storage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage is off: the choice lasts for this page only.
  }
}
