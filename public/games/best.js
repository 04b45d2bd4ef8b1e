// A game's best score on this device. Storage can be off (private mode, a sandboxed frame):
// the best score then lasts for this visit only, and the game still plays.

export function loadBest(key) {
  try {
    return Number(localStorage.getItem(key)) || 0;
  } catch {
    return 0;
  }
}

export function saveBest(key, value) {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Nothing to do: see above.
  }
}
