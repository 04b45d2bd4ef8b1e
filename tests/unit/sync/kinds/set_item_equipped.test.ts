import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { putServerItems } from '../../../../src/data/mirror.ts';
import { ITEM_NOT_EQUIPPABLE, ITEM_NOT_OWNED } from '../../../../src/domain/messages.ts';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { drainOnce, freshDb, refuseAll, USER } from '../fakes.ts';
import { seedUser, SWORD } from '../seed.ts';
import { applyThenUndo, markSent, mirrorOf, stored } from './harness.ts';

const NOW = new Date('2025-10-10T12:00:00Z');
const OLD_CURSOR = { user_id: USER, item: 'old_cursor', type: 'cursor', created_at: '2025-09-01', equipped: true };
const SWORD_ROW = { user_id: USER, item: SWORD.id, type: 'cursor', created_at: '2025-09-02', equipped: false };
const BADGE = { user_id: USER, item: 'star_badge', type: 'badge', created_at: '2025-09-02', equipped: false };
const WEAR = { p_item_id: SWORD.id, p_equipped: true };

function worn(mirror: Awaited<ReturnType<typeof mirrorOf>>) {
  return mirror.items.map((row) => [row.item, row.equipped, row.pendingOpId]);
}

describe('set_item_equipped', () => {
  it('needs the item and a true or false', () => {
    expect(KINDS.set_item_equipped.check({ args: WEAR, userId: USER })).toBeNull();
    expect(KINDS.set_item_equipped.check({ args: { p_item_id: SWORD.id } as never, userId: USER })).toBe('p_equipped must be true or false');
    expect(KINDS.set_item_equipped.check({ args: { p_item_id: '', p_equipped: false }, userId: USER })).toBe('p_item_id is missing');
  });

  it('wears the item and takes off the other of its type, both marked pending; refuses what cannot be worn', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.items.bulkPut([OLD_CURSOR, SWORD_ROW, BADGE]);
    const equip = await enqueue(db, { kind: 'set_item_equipped', args: WEAR, userId: USER }, { now: NOW });
    expect(worn(await mirrorOf(db))).toEqual([
      ['old_cursor', false, equip.id],
      ['star_badge', false, undefined],
      [SWORD.id, true, equip.id],
    ]);
    await expect(enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: 'star_badge', p_equipped: true }, userId: USER })).rejects.toEqual(
      new MutationRefused(ITEM_NOT_EQUIPPABLE),
    );
    await expect(enqueue(db, { kind: 'set_item_equipped', args: { p_item_id: 'nope', p_equipped: true }, userId: USER })).rejects.toEqual(
      new MutationRefused(ITEM_NOT_OWNED),
    );
  });

  it('is undone exactly, giving a row back the mark of the purchase still waiting under it', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.items.bulkPut([OLD_CURSOR, { ...SWORD_ROW, pendingOpId: 'waiting-purchase' }]);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'set_item_equipped', WEAR, NOW, ['waiting-purchase']);
    expect(worn(applied)).toEqual([
      ['old_cursor', false, 'op-under-test'],
      [SWORD.id, true, 'op-under-test'],
    ]);
    expect(undone).toEqual(before);
  });

  it('puts the flags back when the server refuses', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.items.bulkPut([OLD_CURSOR, SWORD_ROW]);
    const before = await mirrorOf(db);
    await enqueue(db, { kind: 'set_item_equipped', args: WEAR, userId: USER }, { now: NOW });
    await drainOnce(db, refuseAll(ITEM_NOT_OWNED));
    expect(await mirrorOf(db)).toEqual(before);
  });

  it('is laid again over fresh server flags, queued or sent', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.items.bulkPut([OLD_CURSOR, SWORD_ROW]);
    const equip = await enqueue(db, { kind: 'set_item_equipped', args: WEAR, userId: USER }, { now: NOW });
    await markSent(db, equip);
    // Meanwhile another device put on a third cursor.
    await putServerItems(db, USER, [
      { ...OLD_CURSOR, equipped: false },
      SWORD_ROW,
      { ...OLD_CURSOR, item: 'third_cursor', equipped: true },
    ]);
    expect(worn(await mirrorOf(db))).toEqual([
      ['old_cursor', false, undefined],
      [SWORD.id, true, equip.id],
      ['third_cursor', false, equip.id],
    ]);
    expect((await stored(db, equip))?.rebasedAfterSend).toBe(true);
  });

  it('stays queued with nothing shown when fresh server items no longer hold the item', async () => {
    const { db } = freshDb();
    await seedUser(db);
    await db.items.bulkPut([OLD_CURSOR, SWORD_ROW]);
    const equip = await enqueue(db, { kind: 'set_item_equipped', args: WEAR, userId: USER }, { now: NOW });
    await putServerItems(db, USER, [OLD_CURSOR]);
    expect(await stored(db, equip)).toMatchObject({ status: 'queued', undo: null });
    expect(worn(await mirrorOf(db))).toEqual([['old_cursor', true, undefined]]);
  });
});
