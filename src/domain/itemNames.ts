// Where a student would otherwise read an item's id ("bought handwritten_font"), its name goes beside
// the id. The texts themselves stay as recorded: the spec's notices word for word, and a ledger reason
// as the server wrote it.
import { itemUnlocked } from './messages.ts';

/** buy_item records a purchase as 'bought {item id}', on the server and in the optimistic mirror alike. */
const BOUGHT = /^bought (\S+)$/;

/** The item a ledger reason names, or null when it names none. */
export function itemIdInReason(why: string): string | null {
  return BOUGHT.exec(why)?.[1] ?? null;
}

/** The text with the item's name beside it, when the name is known and says more than the id. */
export function withItemName(text: string, id: string, name: string | null | undefined): string {
  const shown = name?.trim() ?? '';
  return shown === '' || shown === id ? text : `${text} (${shown})`;
}

/** A ledger reason with the name of the item it names beside the id. */
export function reasonWithItemName(why: string, nameOf: (id: string) => string | null | undefined): string {
  const id = itemIdInReason(why);
  return id === null ? why : withItemName(why, id, nameOf(id));
}

/** The spec's 'Item {id} unlocked' notice, word for word, followed by the item's name. */
export function itemUnlockedNamed(id: string, name: string | null | undefined): string {
  return withItemName(itemUnlocked(id), id, name);
}
