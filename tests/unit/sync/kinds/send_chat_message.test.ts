import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MutationRefused } from '../../../../src/sync/effects.ts';
import { KINDS } from '../../../../src/sync/kinds/registry.ts';
import { enqueue } from '../../../../src/sync/outbox.ts';
import { freshDb, USER } from '../fakes.ts';
import { seedUser } from '../seed.ts';
import { applyThenUndo, mirrorOf } from './harness.ts';

describe('send_chat_message', () => {
  it('needs a body; the chat page and the server judge its content', async () => {
    expect(KINDS.send_chat_message.check({ args: { p_body: 'hello' }, userId: USER })).toBeNull();
    expect(KINDS.send_chat_message.check({ args: { p_body: '   ' }, userId: USER })).toBe('p_body is missing');
    const { db } = freshDb();
    await expect(enqueue(db, { kind: 'send_chat_message', args: { p_body: '' }, userId: USER })).rejects.toEqual(new MutationRefused('p_body is missing'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('is queued without changing the mirror (the chat shows it from the outbox), and undoes nothing', async () => {
    const { db } = freshDb();
    await seedUser(db);
    const before = await mirrorOf(db);
    const { applied, undone } = await applyThenUndo(db, 'send_chat_message', { p_body: 'hello' }, new Date());
    expect(applied).toEqual(before);
    expect(undone).toEqual(before);
    const item = await enqueue(db, { kind: 'send_chat_message', args: { p_body: 'hello' }, userId: USER });
    expect(await db.outbox.get(item.seq)).toMatchObject({ kind: 'send_chat_message', args: { p_body: 'hello' }, undo: {} });
  });
});
