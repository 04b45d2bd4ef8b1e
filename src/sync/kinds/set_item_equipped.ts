import type { ItemRow } from '../../store/db.ts';
import { setEquipped } from '../../domain/equip.ts';
import { MutationRefused, restoreMark } from '../effects.ts';
import { firstProblem, missingText, notTrueOrFalse, textArg } from './args.ts';
import type { MutationKindModule } from './kind.ts';

/** Wearing or taking off an owned item; wearing one takes off the other of its type. */

export interface SetItemEquippedUndo {
  /** Every row the change touched, as it was: its flag and its pending mark. */
  before: { item: string; equipped: boolean; pendingOpId?: string }[];
}

export const setItemEquipped = {
  label: 'Equip',
  target: (args) => textArg(args, 'p_item_id'),
  check: ({ args }) => firstProblem(missingText(args, 'p_item_id'), notTrueOrFalse(args, 'p_equipped')),

  async apply(view, args, ctx) {
    const owned = await view.items();
    const result = setEquipped(owned, args.p_item_id, args.p_equipped);
    if (!result.ok) throw new MutationRefused(result.reason);
    const before: SetItemEquippedUndo['before'] = [];
    result.items.forEach((row, i) => {
      const old = owned[i];
      if (!old || row === old) return;
      before.push(old.pendingOpId === undefined ? { item: old.item, equipped: old.equipped } : { item: old.item, equipped: old.equipped, pendingOpId: old.pendingOpId });
      view.putItem({ ...row, pendingOpId: ctx.opId });
    });
    return { before };
  },

  async undo(view, undo) {
    for (const old of undo.before) {
      const row: ItemRow | undefined = await view.item(old.item);
      if (row) view.putItem(restoreMark(view, { ...row, equipped: old.equipped }, old.pendingOpId));
    }
  },

  afterConfirm: null,
} satisfies MutationKindModule<'set_item_equipped', SetItemEquippedUndo>;
