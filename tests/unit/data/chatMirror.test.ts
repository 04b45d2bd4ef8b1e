import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readChatMirror, storeChatPage } from '../../../src/data/chatMirror.ts';
import type { ChatMessage } from '../../../src/domain/chatMessages.ts';
import { freshDb, USER } from '../sync/fakes.ts';

const OTHER = '00000000-0000-4000-8000-000000000002';

function message(id: number, second: number, body = `m${id}`): ChatMessage {
  const at = new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString();
  return { id, user_id: OTHER, username: 'ann', icon: null, body, created_at: at, client_id: null };
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

describe('the chat mirror', () => {
  it('keeps what a poll returned across a reopen of the database, oldest first and without duplicates', async () => {
    const { db, open } = freshDb();
    await storeChatPage(db, USER, [message(2, 2), message(1, 1)], { newestPage: true });
    await storeChatPage(db, USER, [message(2, 2, 'm2 edited'), message(3, 3)]);
    db.close();

    const reopened = open();
    const kept = await readChatMirror(reopened, USER);
    expect(ids(kept)).toEqual([1, 2, 3]);
    expect(kept[1]).toEqual(message(2, 2, 'm2 edited'));
  });

  it('keeps each student their own copy', async () => {
    const { db } = freshDb();
    await storeChatPage(db, USER, [message(1, 1)]);
    await storeChatPage(db, OTHER, [message(1, 1, 'as the other student saw it'), message(2, 2)]);
    expect(ids(await readChatMirror(db, USER))).toEqual([1]);
    expect((await readChatMirror(db, OTHER)).map((m) => m.body)).toEqual(['as the other student saw it', 'm2']);
  });

  it('keeps only the newest messages', async () => {
    const { db } = freshDb();
    await storeChatPage(db, USER, [message(1, 1), message(2, 2), message(3, 3)], { keep: 3 });
    await storeChatPage(db, USER, [message(4, 4), message(5, 5)], { keep: 3 });
    expect(ids(await readChatMirror(db, USER))).toEqual([3, 4, 5]);
    expect(await db.chatMessages.count()).toBe(3);
  });

  it('drops an old copy that a full newest page cannot join, and merges one it can', async () => {
    const { db } = freshDb();
    await storeChatPage(db, USER, [message(1, 1), message(2, 2)]);
    await storeChatPage(db, USER, [message(7, 7), message(8, 8)], { newestPage: true, pageSize: 2 });
    expect(ids(await readChatMirror(db, USER))).toEqual([7, 8]);

    await storeChatPage(db, USER, [message(8, 8), message(9, 9)], { newestPage: true, pageSize: 2 });
    expect(ids(await readChatMirror(db, USER))).toEqual([7, 8, 9]);
    await storeChatPage(db, USER, [message(10, 10)], { newestPage: true, pageSize: 2 });
    expect(ids(await readChatMirror(db, USER))).toEqual([7, 8, 9, 10]);
  });

  it('leaves the copy alone when a poll brought nothing', async () => {
    const { db } = freshDb();
    await storeChatPage(db, USER, [message(1, 1)]);
    await storeChatPage(db, USER, [], { newestPage: true, pageSize: 1 });
    expect(ids(await readChatMirror(db, USER))).toEqual([1]);
  });
});
