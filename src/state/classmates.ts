// The friends page's one door (issue 28): who the student's classmates are, their presence, open
// invites and the sharing switch, and every action on them. Online only (see data/actions/classmates.ts);
// the list is read again after each action and every LIST_REFRESH_MS while the page is visible.
import {
  answerFriendRequest,
  blockPlayer,
  createFriendInvite,
  redeemFriendInvite,
  removeFriend,
  requestFriend,
  revokeFriendInvite,
  unblockPlayer,
} from '../data/actions/classmates.ts';
import { setPresenceSharing } from '../data/actions/presence.ts';
import { isOnline } from '../data/online.ts';
import { fetchClassmates, type ClassmatesPage, type FriendInviteRow } from '../data/queries/fetchClassmates.ts';
import { isUnreachable, type Result } from '../data/result.ts';
import type { DataSource } from '../data/source.ts';
import type { PresenceFacts } from '../domain/presence.ts';
import { useAccount } from './account.ts';
import { presenceSharingChanged } from './presence.ts';
import { useBusy } from './useBusy.ts';
import { useRefreshWhileVisible } from './useRefreshWhileVisible.ts';
import { useUserEvents } from './userEvents.ts';
import { useServerRead, type Loadable } from './useServerRead.ts';

export type { Loadable } from './useServerRead.ts';

export type Relation = 'asked you' | 'friend' | 'you asked' | 'blocked';

export interface Classmate {
  userId: string;
  username: string;
  icon: string;
  relation: Relation;
  presence: PresenceFacts;
}

export interface FriendInvite {
  code: string;
  forClass: boolean;
  usesLeft: number;
  expiresAt: Date;
}

export interface Classmates {
  people: Classmate[];
  invites: FriendInvite[];
  sharing: boolean;
}

/** What an action came to, in words for a toast. */
export type Outcome = { ok: true; message: string } | { ok: false; message: string };

export const FRIENDS_OFFLINE = 'You are offline. Friends and invites need a connection: try again when you are back online.';

/**
 * How often the open page reads the list again, so that a friend coming online shows up: a request or an
 * answer is told on the student's live topic at once, so with it joined the list is read only for presence.
 */
const LIST_REFRESH_MS = 20_000;
const JOINED_REFRESH_MS = 60_000;

const RELATIONS: readonly Relation[] = ['asked you', 'friend', 'you asked', 'blocked'];

function toClassmates(page: ClassmatesPage): Classmates {
  return {
    people: page.people.flatMap((row) => {
      const relation = RELATIONS.find((known) => known === row.relation);
      // A relation a newer server adds is left out rather than shown as something it is not.
      if (relation === undefined) return [];
      return [
        {
          userId: row.user_id,
          username: row.username,
          icon: row.icon,
          relation,
          presence: { online: row.online === true, playing: row.playing ?? null, lastSeen: row.last_seen ? new Date(row.last_seen) : null },
        },
      ];
    }),
    invites: page.invites.map(toInvite),
    sharing: page.sharing,
  };
}

function toInvite(row: FriendInviteRow): FriendInvite {
  return { code: row.code, forClass: row.for_class, usesLeft: row.uses_left, expiresAt: new Date(row.expires_at) };
}

function outcomeOf(answer: Result<unknown>, done: string): Outcome {
  if (answer.error === null) return { ok: true, message: done };
  return { ok: false, message: isUnreachable(answer.error) ? FRIENDS_OFFLINE : answer.error.message };
}

export interface ClassmatesView {
  account: 'loading' | 'signed-out' | 'signed-in';
  list: Loadable<Classmates>;
  busy: boolean;
  ask: (username: string) => Promise<Outcome>;
  answer: (who: Classmate, accept: boolean) => Promise<Outcome>;
  remove: (who: Classmate) => Promise<Outcome>;
  block: (who: Classmate) => Promise<Outcome>;
  unblock: (who: Classmate) => Promise<Outcome>;
  createInvite: (forClass: boolean) => Promise<{ ok: true; invite: FriendInvite } | { ok: false; message: string }>;
  revokeInvite: (code: string) => Promise<Outcome>;
  redeem: (code: string) => Promise<Outcome>;
  setSharing: (on: boolean) => Promise<Outcome>;
}

export function useClassmates(): ClassmatesView {
  const account = useAccount();
  const data = account.state === 'signed-in' ? account.data : null;
  const userId = account.state === 'signed-in' ? account.userId : null;
  const [list, reload] = useServerRead(`classmates:${userId ?? ''}`, async (source) => {
    const answer = await fetchClassmates(source);
    return answer.error ? answer : { data: toClassmates(answer.data), error: null };
  });
  const [busy, run] = useBusy();
  const live = useUserEvents(() => undefined, reload);
  useRefreshWhileVisible(reload, live ? JOINED_REFRESH_MS : LIST_REFRESH_MS, userId !== null);

  /** Runs one action online, then reads the list again whatever it came to. */
  async function act(work: (source: DataSource) => Promise<Outcome>): Promise<Outcome> {
    if (data === null) return { ok: false, message: 'Sign in to add classmates.' };
    if (!isOnline()) return { ok: false, message: FRIENDS_OFFLINE };
    return run(async () => {
      const outcome = await work(data);
      reload();
      return outcome;
    });
  }

  return {
    account: account.state,
    list: account.state === 'signed-in' ? list : { state: 'loading' },
    busy,
    ask: (username) =>
      act(async (source) => {
        const answer = await requestFriend(source, username);
        const name = username.trim().replace(/^@/, '');
        return outcomeOf(answer, answer.data === 'friends' ? `You and ${name} are now friends.` : `Request sent to ${name}.`);
      }),
    answer: (who, accept) =>
      act(async (source) =>
        outcomeOf(await answerFriendRequest(source, who.userId, accept), accept ? `You and ${who.username} are now friends.` : `Request from ${who.username} declined.`),
      ),
    remove: (who) =>
      act(async (source) =>
        outcomeOf(await removeFriend(source, who.userId), who.relation === 'you asked' ? `Request to ${who.username} taken back.` : `${who.username} is no longer your friend.`),
      ),
    block: (who) => act(async (source) => outcomeOf(await blockPlayer(source, who.userId), `${who.username} is blocked.`)),
    unblock: (who) => act(async (source) => outcomeOf(await unblockPlayer(source, who.userId), `${who.username} is unblocked.`)),
    createInvite: async (forClass) => {
      let made: FriendInvite | null = null;
      const outcome = await act(async (source) => {
        const answer = await createFriendInvite(source, forClass);
        if (answer.error === null) made = toInvite(answer.data);
        return outcomeOf(answer, 'Invite link made.');
      });
      return made !== null ? { ok: true, invite: made } : { ok: false, message: outcome.message };
    },
    revokeInvite: (code) => act(async (source) => outcomeOf(await revokeFriendInvite(source, code), 'Invite cancelled: its link no longer works.')),
    redeem: (code) =>
      act(async (source) => {
        const answer = await redeemFriendInvite(source, code);
        if (answer.error) return outcomeOf(answer, '');
        return answer.data.ok ? { ok: true, message: `You and ${answer.data.username} are now friends.` } : { ok: false, message: answer.data.message };
      }),
    setSharing: (on) =>
      act(async (source) => {
        const answer = await setPresenceSharing(source, on);
        if (answer.error === null) presenceSharingChanged(answer.data);
        return outcomeOf(answer, on ? 'Your friends can now see when you are online.' : 'Your friends no longer see when you are online.');
      }),
  };
}
