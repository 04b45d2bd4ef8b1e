// Forged writes through the REST API with a real student's session (issue #10). For every table and
// view the migrations create: the inserts, updates, upserts and deletes that would mint coins, fake a
// streak, unlock items, move scores, speak as another student or grant powers. Each is refused (a 4xx
// with a message, or no row touched), and afterwards the service role sees every table as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arena, messageOf, publicRelations, type Answer } from './arena.ts';

interface Attack {
  what: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** After /rest/v1/. */
  path: string;
  body?: unknown;
  /** An upsert (POST with merge-duplicates). */
  upsert?: boolean;
}

const FAR_PAST = '2000-01-01T00:00:00Z';

function attacks(a: Arena): Record<string, Attack[]> {
  const me = a.alice.id;
  const bob = a.bob.id;
  const post = (what: string, path: string, body: unknown, upsert = false): Attack => ({ what, method: 'POST', path, body, upsert });
  const patch = (what: string, path: string, body: unknown): Attack => ({ what, method: 'PATCH', path, body });
  const del = (what: string, path: string): Attack => ({ what, method: 'DELETE', path });
  return {
    my_users: [
      post('create a profile for bob', 'my_users', { user_id: bob, username: 'bob_clone' }),
      post('upsert own profile with a huge time spent', 'my_users?on_conflict=user_id', { user_id: me, username: a.alice.username, time_spent: 999999 }, true),
      patch("rewrite bob's about text", `my_users?user_id=eq.${bob}`, { user_about: 'hacked' }),
      patch("take bob's username", `my_users?user_id=eq.${bob}`, { username: 'owned_by_alice' }),
      ...(['time_spent', 'current_streak', 'longest_streak', 'apps_played'] as const).map((column) =>
        patch(`raise own ${column}`, `my_users?user_id=eq.${me}`, { [column]: 999999 })),
      patch('give oneself a badge', `my_users?user_id=eq.${me}`, { badges: ['gold_hoarder_badge'] }),
      patch('reset own activity tick', `my_users?user_id=eq.${me}`, { last_tick_at: null }),
      patch('backdate own account', `my_users?user_id=eq.${me}`, { created_at: FAR_PAST }),
      patch('wear the Golden Duck without buying it', `my_users?user_id=eq.${me}`, { icon: 'golden_duck_icon' }),
      patch("wear bob's Duck icon", `my_users?user_id=eq.${me}`, { icon: 'duck_icon' }),
      patch('wear a background as an icon', `my_users?user_id=eq.${me}`, { icon: 'cat_background' }),
      patch('move own profile onto bob', `my_users?user_id=eq.${me}`, { user_id: bob }),
      del('delete own profile', `my_users?user_id=eq.${me}`),
      del("delete bob's profile", `my_users?user_id=eq.${bob}`),
    ],
    public_profiles: [
      post('insert into the public view', 'public_profiles', { user_id: me, username: 'viewer' }),
      patch("rename bob through the view", `public_profiles?user_id=eq.${bob}`, { username: 'renamed' }),
      patch('raise own stats through the view', `public_profiles?user_id=eq.${me}`, { time_spent: 999999, current_streak: 999 }),
      del('delete bob through the view', `public_profiles?user_id=eq.${bob}`),
    ],
    coins_transactions: [
      post('mint a million coins', 'coins_transactions', { user_id: me, amt: 1000000, why: 'free money' }),
      post('debit bob', 'coins_transactions', { user_id: bob, amt: -5000, why: 'stolen' }),
      post('mint in bulk', 'coins_transactions', [{ user_id: me, amt: 1000, why: 'a' }, { user_id: me, amt: 1000, why: 'b' }]),
      post('upsert a ledger row', 'coins_transactions?on_conflict=id', { id: 1, user_id: me, amt: 1000000, why: 'x' }, true),
      patch('inflate own ledger rows', `coins_transactions?user_id=eq.${me}`, { amt: 1000000 }),
      patch("take over bob's ledger rows", `coins_transactions?user_id=eq.${bob}`, { user_id: me }),
      del('refund own purchase by deleting its debit', `coins_transactions?user_id=eq.${me}&amt=lt.0`),
      del("wipe bob's ledger", `coins_transactions?user_id=eq.${bob}`),
    ],
    streak: [
      post('start a 365-day streak', 'streak', { user_id: me, current_streak: 365, longest_streak: 365, last_claim: new Date().toISOString() }),
      post('upsert a streak', 'streak?on_conflict=user_id', { user_id: me, current_streak: 365, longest_streak: 365 }, true),
      patch("end bob's streak", `streak?user_id=eq.${bob}`, { current_streak: 0 }),
      patch('backdate own last claim to claim again', `streak?user_id=eq.${me}`, { last_claim: FAR_PAST }),
      del("delete bob's streak", `streak?user_id=eq.${bob}`),
    ],
    items_unlocked: [
      post('unlock the Golden Duck', 'items_unlocked', { user_id: me, item: 'golden_duck_icon', type: 'icon' }),
      post('unlock a badge', 'items_unlocked', { user_id: me, item: 'gold_hoarder_badge', type: 'badge' }),
      post('unlock for bob to crowd his inventory', 'items_unlocked', { user_id: bob, item: 'duck_icon', type: 'icon' }),
      patch("steal bob's cursor", `items_unlocked?user_id=eq.${bob}&item=eq.sword_cursor`, { user_id: me }),
      patch('swap an owned item for a dearer one', `items_unlocked?user_id=eq.${me}&item=eq.cat_background`, { item: 'retro_grid_background' }),
      patch('equip directly', `items_unlocked?user_id=eq.${me}`, { equipped: true }),
      del("delete bob's items", `items_unlocked?user_id=eq.${bob}`),
    ],
    apps_played: [
      post('record plays without the RPC', 'apps_played', { user_id: me, app_id: '2048' }),
      patch("rewrite bob's plays", `apps_played?user_id=eq.${bob}`, { updated_at: FAR_PAST }),
      del("delete bob's plays", `apps_played?user_id=eq.${bob}`),
    ],
    client_mutations: [
      post('pre-book an answer for a future replay', 'client_mutations', { user_id: me, client_id: crypto.randomUUID(), kind: 'buy_item', result: { coins: 999999 } }),
      patch('rewrite own booked answers', `client_mutations?user_id=eq.${me}`, { result: { coins: 999999 } }),
      del('forget own booked answers to replay them', `client_mutations?user_id=eq.${me}`),
    ],
    leaderboard_submissions: [
      post('submit a score as bob', 'leaderboard_submissions', { user_id: bob, app_id: 'snake', score: 1 }),
      post('submit an impossible score', 'leaderboard_submissions', { user_id: me, app_id: 'snake', score: 2000000000 }),
      post('submit a negative score', 'leaderboard_submissions', { user_id: me, app_id: 'snake', score: -1 }),
      post('choose the row id', 'leaderboard_submissions', { id: 999999, user_id: me, app_id: 'snake', score: 1 }),
      post('claim play the server saw', 'leaderboard_submissions', { user_id: me, app_id: 'snake', score: 1, play_ms: 60000, play_seen_ms: 60000 }),
      post("score with bob's run", 'leaderboard_submissions', { user_id: me, app_id: 'snake', score: 1, run_id: a.bobRun, play_ms: 0 }),
      patch('vouch for own score after the fact', `leaderboard_submissions?id=eq.${a.aliceSubmission}`, { play_seen_ms: 60000 }),
      patch('raise own submitted score', `leaderboard_submissions?id=eq.${a.aliceSubmission}`, { score: 1000000000 }),
      patch("take bob's proven score", `leaderboard_submissions?id=eq.${a.bobSubmission}`, { user_id: me }),
      del("delete bob's proven score", `leaderboard_submissions?id=eq.${a.bobSubmission}`),
      del('delete own score past the withdrawal rule', `leaderboard_submissions?id=eq.${a.aliceSubmission}`),
    ],
    game_saves: [
      post('write a save past the RPC', 'game_saves', { user_id: me, app_id: '2048', state: '{}', device_id: crypto.randomUUID(), saved_at: FAR_PAST }),
      post("write bob's save", 'game_saves', { user_id: bob, app_id: '2048', state: '{}', device_id: crypto.randomUUID(), saved_at: FAR_PAST }),
      patch("overwrite bob's save", `game_saves?user_id=eq.${bob}`, { state: '{"forged":true}' }),
      del("delete bob's save", `game_saves?user_id=eq.${bob}`),
    ],
    chat_messages: [
      post('post as bob', 'chat_messages', { user_id: bob, body: 'I am bob' }),
      post('post a message pre-approved by moderation', 'chat_messages', { user_id: me, body: 'x', hidden: false }),
      post('choose the idempotency key', 'chat_messages', { user_id: me, body: 'x', client_id: crypto.randomUUID() }),
      post('backdate a message', 'chat_messages', { user_id: me, body: 'x', created_at: FAR_PAST }),
      patch("edit bob's message", `chat_messages?id=eq.${a.bobMessage}`, { body: 'edited' }),
      patch('edit own message after it was reported', `chat_messages?id=eq.${a.aliceMessage}`, { body: 'nothing to see' }),
      patch('unhide a message', `chat_messages?id=eq.${a.aliceMessage}`, { hidden: false }),
      del("delete bob's message", `chat_messages?id=eq.${a.bobMessage}`),
    ],
    chat_reports: [
      post('report as bob', 'chat_reports', { message_id: a.bobMessage, reporter_id: bob, reason: 'fake' }),
      patch("rewrite bob's report", `chat_reports?reporter_id=eq.${bob}`, { reason: 'never mind' }),
      del('withdraw the report against oneself', `chat_reports?message_id=eq.${a.aliceMessage}`),
    ],
    creators: [
      post('grant oneself creator tools', 'creators', { user_id: me }),
      post('grant oneself as an operator would', 'creators', { user_id: me, granted_by: 'operator' }),
      post('grant oneself as the desk would', 'creators', { user_id: me, granted_by: 'moderator alice', application_id: a.aliceApplication }),
      patch("move bob's creator status onto oneself", `creators?user_id=eq.${bob}`, { user_id: me }),
      del("revoke bob's creator status", `creators?user_id=eq.${bob}`),
    ],
    creator_applications: [
      { what: "read bob's application", method: 'GET', path: `creator_applications?id=eq.${a.bobApplication}&select=*` },
      post('apply past the limits, without the RPC', 'creator_applications', { user_id: me, pitch: 'Let me in' }),
      post('apply in bob\'s name', 'creator_applications', { user_id: bob, pitch: 'Bob wants out' }),
      post('file an application already granted', 'creator_applications', { user_id: me, pitch: 'x', status: 'granted', closed_at: FAR_PAST }),
      patch('grant own application', `creator_applications?id=eq.${a.aliceApplication}`, { status: 'granted' }),
      patch('put own withdrawn application back in the queue', `creator_applications?id=eq.${a.aliceApplication}`, { status: 'pending', closed_at: null }),
      patch('backdate own application out of the 30-day limit', `creator_applications?user_id=eq.${me}`, { created_at: FAR_PAST }),
      patch("decline bob's application", `creator_applications?id=eq.${a.bobApplication}`, { status: 'declined', closed_at: FAR_PAST }),
      patch("take over bob's application", `creator_applications?id=eq.${a.bobApplication}`, { user_id: me }),
      del('delete own applications to reset the limits', `creator_applications?user_id=eq.${me}`),
      del("delete bob's application", `creator_applications?id=eq.${a.bobApplication}`),
    ],
    creator_socials: [
      post('add a social without being a creator', 'creator_socials', { user_id: me, platform: 'youtube', handle: 'alice' }),
      post('add a social to bob', 'creator_socials', { user_id: bob, platform: 'twitch', handle: 'evil' }),
      patch("rename bob's social", `creator_socials?id=eq.${a.bobSocial}`, { handle: 'hijacked' }),
      del("delete bob's social", `creator_socials?id=eq.${a.bobSocial}`),
    ],
    creator_videos: [
      post("add a video to bob's social", 'creator_videos', { social_id: a.bobSocial, title: 'spam', url: 'https://evil.example' }),
      patch("point bob's video elsewhere", `creator_videos?id=eq.${a.bobVideo}`, { url: 'https://evil.example' }),
      patch("feature bob's video", `creator_videos?id=eq.${a.bobVideo}`, { featured: true }),
      del("delete bob's video", `creator_videos?id=eq.${a.bobVideo}`),
    ],
    moderators: [
      post('appoint oneself a moderator', 'moderators', { user_id: me }),
      post('appoint oneself as an operator would', 'moderators', { user_id: me, granted_by: 'operator' }),
    ],
    moderation_decisions: [
      { what: "read the desk's record", method: 'GET', path: 'moderation_decisions?select=*' },
      post('record a decision that was never made', 'moderation_decisions', { moderator_id: me, subject: 'score', subject_id: a.aliceSubmission, action: 'approve', reason: 'mine' }),
      patch('approve one\'s own score by rewriting', `leaderboard_submissions?id=eq.${a.aliceSubmission}`, { review: 'approved' }),
      post('record a grant that was never made', 'moderation_decisions', { moderator_id: me, subject: 'creator_application', subject_id: a.aliceApplication, action: 'grant', reason: 'mine' }),
    ],
    achievements: [
      { what: "read hidden achievements' words past get_achievements", method: 'GET', path: 'achievements?select=*' },
      post('declare an achievement worth the most', 'achievements', { app_id: 'snake', code: 'free-money', title: 'Free', description: 'Free', icon: '<svg></svg>', points: 100, reward: 500 }),
      patch('raise a reward', 'achievements?code=eq.first-apple', { reward: 500 }),
      patch('drop a threshold', 'achievements?code=eq.length-50', { stat: null, threshold: null }),
      del('delete achievements', 'achievements?id=gt.0'),
    ],
    achievement_unlocks: [
      { what: "read bob's unlocks", method: 'GET', path: 'achievement_unlocks?select=*' },
      post('unlock past the RPC', 'achievement_unlocks', { user_id: me, achievement_id: 1 }),
      post('upsert an unlock', 'achievement_unlocks?on_conflict=id', { id: a.bobUnlock, user_id: me, achievement_id: 1 }, true),
      patch("take bob's unlock", `achievement_unlocks?id=eq.${a.bobUnlock}`, { user_id: me }),
      patch("undo a revoke", 'achievement_unlocks?id=gt.0', { revoked_at: null }),
      del("delete bob's unlock", `achievement_unlocks?id=eq.${a.bobUnlock}`),
    ],
    takedown_requests: [
      { what: "read others' names and e-mails", method: 'GET', path: 'takedown_requests?select=*' },
      patch('rewrite requests', 'takedown_requests?id=gt.0', { reason: 'withdrawn' }),
      del('delete requests', 'takedown_requests?id=gt.0'),
    ],
    apps: [
      post('add an app', 'apps', { id: 'phish', title: 'Free Robux', slug: 'free-robux', url: 'https://evil.example' }),
      patch('point a bundled game at another site', 'apps?id=eq.snake', { url: 'https://evil.example' }),
      del('remove a game', 'apps?id=eq.snake'),
    ],
    shop_items: [
      post('add a cheap item', 'shop_items', { id: 'cheap', name: 'Cheap', price: 100, rarity: 'Exotic', type: 'icon', listed: true }),
      patch('price the Golden Duck at 100', 'shop_items?id=eq.golden_duck_icon', { price: 100 }),
      patch('put a pass reward on sale', 'shop_items?id=eq.s3_star_icon', { listed: true, price: 100 }),
      del('remove an item', 'shop_items?id=eq.sword_cursor'),
    ],
    battlepass_seasons: [
      post('add a season', 'battlepass_seasons', { season: 99, name: 'Mine', starts_at: FAR_PAST, ends_at: '2099-01-01T00:00:00Z' }),
      patch('reopen the Hollowed Pass', 'battlepass_seasons?season=eq.2', { ends_at: '2099-01-01T00:00:00Z' }),
      del('remove a season', 'battlepass_seasons?season=eq.3'),
    ],
    battlepass_tiers: [
      post('add a free tier', 'battlepass_tiers', { season: 3, tier: 99, coins_required: 0, item_id: 'golden_duck_icon' }),
      patch('make every tier free', 'battlepass_tiers?season=eq.3', { coins_required: 0 }),
      del('remove tiers', 'battlepass_tiers?season=eq.3'),
    ],
  };
}

/** A 4xx with a message, or (for a read, an update or a delete) no row seen or touched. */
function refused(attack: Attack, a: Answer): boolean {
  if (a.status >= 400 && a.status < 500) return messageOf(a) !== '' && a.contentType.startsWith('application/json');
  return attack.method !== 'POST' && a.status === 200 && Array.isArray(a.body) && a.body.length === 0;
}

let arena: Arena;

beforeAll(async () => {
  arena = await Arena.open();
});
afterAll(() => arena?.close('forged-writes'));

describe('forged writes through REST with a student session', () => {
  const relations = publicRelations();

  it('has attacks for every table and view of the migrations', () => {
    expect(Object.keys(attacks(arena)).sort()).toEqual([...relations].sort());
  });

  it.each(relations)('%s: every forged write is refused and nothing changes', async (table) => {
    const list = attacks(arena)[table] ?? [];
    expect(list.length).toBeGreaterThan(0);
    const before = await arena.snapshot();
    for (const attack of list) {
      const prefer = [attack.method === 'GET' ? '' : 'return=representation', attack.upsert ? 'resolution=merge-duplicates' : ''].filter(Boolean).join(',');
      const init: RequestInit = { method: attack.method, headers: prefer ? { prefer } : {} };
      if (attack.body !== undefined) init.body = JSON.stringify(attack.body);
      const answer = await arena.as(arena.alice, `/rest/v1/${attack.path}`, init);
      expect(refused(attack, answer), `${table}: ${attack.what} -> ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
    }
    expect(await arena.snapshot()).toEqual(before);
  });
});
