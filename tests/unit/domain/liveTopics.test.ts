import { describe, expect, it } from 'vitest';
import { announcedMessage } from '../../../src/domain/liveTopics.ts';

const carried = {
  id: 42,
  user_id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  username: 'maya',
  icon: null,
  body: 'hello',
  created_at: '2026-11-28T09:20:00.123456+00:00',
};

describe('announcedMessage', () => {
  it('reads the message the chat trigger broadcasts as the room shows it to a reader who did not write it', () => {
    expect(announcedMessage(carried)).toEqual({ ...carried, client_id: null });
    expect(announcedMessage({ ...carried, username: null, icon: 'cat' })).toEqual({ ...carried, username: null, icon: 'cat', client_id: null });
  });

  it('takes no message from a payload that is not one (the page then reads the room instead)', () => {
    const broken = [
      undefined,
      null,
      'x',
      [],
      { message_id: 42 },
      { ...carried, id: '42' },
      { ...carried, id: 2 ** 60 },
      { ...carried, body: 7 },
      { ...carried, user_id: null },
      { ...carried, username: 3 },
      { ...carried, created_at: 'yesterday' },
    ];
    for (const payload of broken) expect(announcedMessage(payload), JSON.stringify(payload)).toBeNull();
  });
});
