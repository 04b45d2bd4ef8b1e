// The badge shelf's choice (issue 29): up to 3 badges, in the order they were picked. Picking a 4th
// changes nothing (the page says the shelf is full); picking a chosen one again takes it off.

export const SHELF_SIZE = 3;

export function toggleShelf(chosen: readonly number[], unlockId: number): number[] {
  if (chosen.includes(unlockId)) return chosen.filter((id) => id !== unlockId);
  if (chosen.length >= SHELF_SIZE) return [...chosen];
  return [...chosen, unlockId];
}
