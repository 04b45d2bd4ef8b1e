// Whether this device showed a favourites or recently-played shelf the last time a catalogue page knew.
// A page that opens before the data runtime has loaded shows its list at once when no shelf is to come,
// and otherwise waits for the runtime's read of them, so a shelf never pushes a painted list down.
const KEY = 'portal:shelves';

/**
 * True when a shelf may come: the list waits for the shelves. A device that never recorded it (a first
 * visit: nothing starred, nothing played) has none; so has one that last had none.
 */
export function shelvesLikely(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === 'some';
  } catch {
    return true;
  }
}

/** Remembers what this device's shelves held, for the next page that opens before the runtime. */
export function rememberShelves(any: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, any ? 'some' : 'none');
  } catch {
    // Storage refused (private mode, quota): the next page waits for the shelves, as it did before.
  }
}
