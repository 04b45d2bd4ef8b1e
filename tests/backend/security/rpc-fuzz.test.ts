// Every RPC the API roles can call, fuzzed through the gateway with a real student's session (issue
// #10). The list comes from the database catalogue, so a new RPC without a case here fails the suite.
// Each argument gets the values an attacker would try: another student's id, negative, huge (1e308,
// 2^63), fractional, text for numbers, arrays, objects, null, NUL bytes, markup; plus a missing
// argument, an unknown extra one, a GET for a write and an anonymous caller. Every refusal is a 4xx
// with a JSON message, never a 5xx, and nothing the server holds changes. The last test makes the
// valid call each case is built on, proving the refusals came from the fuzzed argument.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../supabase/embedded/database.ts';
import { Arena, messageOf, type Answer } from './arena.ts';

interface Fn {
  /** name(arg, ...) with the input argument names, as the catalogue lists them. */
  key: string;
  name: string;
  args: string[];
  required: string[];
  anon: boolean;
  volatile: boolean;
}

interface RpcCase {
  /** Arguments of a call that succeeds for alice (the last test makes it). */
  valid: (a: Arena) => Record<string, unknown>;
  /** Per argument, values the server must refuse with a 4xx. */
  refuse?: (a: Arena) => Record<string, unknown[]>;
  /** A read: each argument also gets every GENERIC value and must never fail with a 5xx. */
  read?: true;
  /** The fields a read may show of another student. */
  publicOnly?: true;
  /**
   * A moderation desk RPC: alice, a student, is refused it whatever the arguments say (42501); the
   * last test appoints her moderator to make the valid call.
   */
  desk?: true;
  /**
   * Its user id names the classmate the student acts on (answer, remove, block, unblock: issue 28), so
   * naming another student is the point, not an attack; its refusals must hold alice herself and a
   * student who does not exist instead.
   */
  namesClassmate?: true;
}

const NOT_A_REASON: unknown[] = [null, '', '   ', 'x'.repeat(501), 123, [], {}];

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const HUGE = [1e308, 2 ** 63, '9223372036854775808', 2147483648, -2147483649];
const NOT_A_UUID: unknown[] = ['abc', '', 123, 1.5, -1, 1e308, true, [], [ZERO_UUID], {}, { id: ZERO_UUID }, '00000000-0000-0000-0000-00000000000g', '\u0000'];
const NOT_AN_INTEGER: unknown[] = [...HUGE, 1.5, '1.5', 'abc', '', true, [], [1], {}, { n: 1 }, '\u0000'];
const NOT_AN_ID: unknown[] = ['', ' ', "x' or '1'='1", '<script>alert(1)</script>', '../snake', 'x'.repeat(10000), 123, 1.5, true, [], {}, null, '\u0000'];
const GENERIC: unknown[] = [-1, 0, ...HUGE, 1.5, 'abc', '', '   ', 'x'.repeat(10000), '\u0000', "' or 1=1 --", '<script>alert(1)</script>',
  'infinity', '-infinity', 'NaN', true, [], [1, 'a'], {}, { a: 1 }, null];

const CASES: Record<string, RpcCase> = {
  'apply_mutations(p_ops)': {
    valid: () => ({ p_ops: [{ id: crypto.randomUUID(), kind: 'record_app_played', args: { p_app_id: '2048' } }] }),
    refuse: () => ({
      p_ops: [null, {}, 'abc', '[]', 1, 1e308, true, { id: crypto.randomUUID(), kind: 'claim_streak' },
        Array.from({ length: 101 }, () => ({ id: crypto.randomUUID(), kind: 'claim_streak', args: {} }))],
    }),
  },
  'buy_item(p_item_id, p_client_id)': {
    valid: () => ({ p_item_id: 'sword_cursor', p_client_id: crypto.randomUUID() }),
    refuse: () => ({
      p_item_id: [...NOT_AN_ID, 'no_such_item', 'SWORD_CURSOR', 'sword_cursor ', ['sword_cursor'], 'dabloons_500', 's3_star_icon', 'golden_duck_icon', 'cat_background'],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
  'claim_battlepass_tier(p_season, p_tier, p_client_id)': {
    valid: () => ({ p_season: 3, p_tier: 1, p_client_id: crypto.randomUUID() }),
    refuse: () => ({
      p_season: [...NOT_AN_INTEGER, -1, 0, 99, null],
      p_tier: [...NOT_AN_INTEGER, -1, 0, 99, null],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
  'claim_streak(p_client_id)': {
    valid: () => ({ p_client_id: crypto.randomUUID() }),
    refuse: () => ({ p_client_id: [...NOT_A_UUID, null] }),
  },
  'delete_score_submission(p_id)': {
    valid: (a) => ({ p_id: a.aliceSubmission }),
    refuse: (a) => ({ p_id: [...NOT_AN_INTEGER, -1, 0, a.bobSubmission, null] }),
  },
  'ensure_profile()': { valid: () => ({}) },
  'get_app_high_scores(p_app_id)': { valid: () => ({ p_app_id: 'snake' }), read: true },
  'get_apps_ordered_by_title()': { valid: () => ({}), read: true },
  'get_apps_played_by_user()': { valid: () => ({}), read: true },
  'get_chat_messages(p_since, p_limit)': { valid: () => ({ p_limit: 10 }), read: true },
  'get_coin_amt(p_user_id)': {
    valid: (a) => ({ p_user_id: a.alice.id }),
    refuse: (a) => ({ p_user_id: [a.bob.id, ZERO_UUID, null] }),
    read: true,
  },
  'get_coins_gained(p_user_id, start_date)': {
    valid: (a) => ({ p_user_id: a.alice.id, start_date: '2020-01-01T00:00:00Z' }),
    refuse: (a) => ({ p_user_id: [a.bob.id, ZERO_UUID, null], start_date: [null] }),
    read: true,
  },
  'get_coins_gained(start_date)': { valid: () => ({ start_date: '2020-01-01T00:00:00Z' }), read: true },
  // Only the caller's own scores, whatever the app id says.
  'get_own_scores(p_app_id)': { valid: () => ({ p_app_id: 'snake' }), read: true },
  'get_leaderboard_data(target_user_id)': { valid: (a) => ({ target_user_id: a.bob.id }), read: true, publicOnly: true },
  // App ids and counts of players, no student: public.
  'get_popular_apps(p_limit)': {
    valid: () => ({ p_limit: 10 }),
    refuse: () => ({ p_limit: [...NOT_AN_INTEGER, -1, 0, 51, null] }),
    read: true,
    publicOnly: true,
  },
  'get_recent_plays(p_username)': { valid: (a) => ({ p_username: a.bob.username }), read: true, publicOnly: true },
  'get_top_streaks()': { valid: () => ({}), read: true, publicOnly: true },
  'get_top_time_spent()': { valid: () => ({}), read: true, publicOnly: true },
  'increment_time_spent(user_id, increment_value, p_client_id)': {
    valid: (a) => ({ user_id: a.alice.id, increment_value: 5, p_client_id: crypto.randomUUID() }),
    refuse: (a) => ({
      user_id: [a.bob.id, ZERO_UUID, null, ...NOT_A_UUID],
      increment_value: [...NOT_AN_INTEGER, -5, 0, 4, 6, 500, null],
      // null is allowed here: the periodic tick may be sent without an idempotency key.
      p_client_id: NOT_A_UUID,
    }),
  },
  'is_creator()': { valid: () => ({}), read: true },
  'is_moderator()': { valid: () => ({}), read: true },
  'get_own_creator_application()': { valid: () => ({}), read: true },
  'submit_creator_application(p_pitch, p_platform, p_handle)': {
    valid: () => ({ p_pitch: 'Snake speedruns with tips.', p_platform: 'youtube', p_handle: '@alice_plays' }),
    refuse: () => ({
      // Numbers, arrays and objects arrive as their JSON text, which is a pitch like any other.
      p_pitch: [null, '', '   ', '\u200b\u2060', 'x'.repeat(501), 'a\u202eb', '\u0000'],
      p_platform: ['myspace', 'YouTube', '', ' ', 123, [], {}, '<script>alert(1)</script>', '\u0000'],
      p_handle: ['', 'has space', 'x'.repeat(101), 'https://youtube.com/@alice', '<script>alert(1)</script>', "x' or '1'='1", [], {}, '\u0000'],
    }),
  },
  // Alice's own waiting application: the last test sends it just before.
  'withdraw_creator_application()': { valid: () => ({}) },
  'get_pending_scores()': { valid: () => ({}), read: true, desk: true },
  'get_open_creator_applications()': { valid: () => ({}), read: true, desk: true },
  // Bob's application, sent before an operator made him a creator: only a decline fits it.
  'decide_creator_application(p_application_id, p_grant, p_reason)': {
    valid: (a) => ({ p_application_id: a.bobApplication, p_grant: false, p_reason: 'Already a creator.' }),
    refuse: (a) => ({ p_application_id: [...NOT_AN_INTEGER, -1, 0, a.aliceApplication, null], p_grant: ['maybe', 2, [], {}, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'get_open_chat_reports()': { valid: () => ({}), read: true, desk: true },
  'get_open_takedowns()': { valid: () => ({}), read: true, desk: true },
  'get_moderation_decisions(p_limit)': {
    valid: () => ({ p_limit: 10 }),
    refuse: () => ({ p_limit: [...NOT_AN_INTEGER, -1, 0, 201, null] }),
    read: true,
    desk: true,
  },
  // The report of bob's message and the takedown request the last test files (the arena's own report
  // is of alice's message, which she may not decide on once she is a moderator); decision 1 is the
  // first the last test makes (the decline of bob's creator application, which sorts first).
  'moderate_chat_report(p_report_id, p_hide, p_reason)': {
    valid: () => ({ p_report_id: 2, p_hide: true, p_reason: 'Unkind.' }),
    refuse: () => ({ p_report_id: [...NOT_AN_INTEGER, -1, 0, null], p_hide: ['maybe', 2, [], {}, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'resolve_takedown(p_id, p_reason)': {
    valid: () => ({ p_id: 1, p_reason: 'Handled.' }),
    refuse: () => ({ p_id: [...NOT_AN_INTEGER, -1, 0, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'review_score(p_submission_id, p_approve, p_reason)': {
    valid: (a) => ({ p_submission_id: a.bobSubmission, p_approve: true, p_reason: 'The proof shows it.' }),
    refuse: () => ({ p_submission_id: [...NOT_AN_INTEGER, -1, 0, null], p_approve: ['maybe', 2, [], {}, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'undo_moderation_decision(p_decision_id, p_reason)': {
    valid: () => ({ p_decision_id: 1, p_reason: 'Decided in error.' }),
    refuse: () => ({ p_decision_id: [...NOT_AN_INTEGER, -1, 0, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'put_game_save(p_app_id, p_state, p_device_id, p_device_label, p_saved_at, p_base_version)': {
    valid: () => ({ p_app_id: '2048', p_state: '{"cells":[2]}', p_device_id: crypto.randomUUID(), p_device_label: 'Chrome on ChromeOS', p_saved_at: '2026-11-25T10:00:00Z' }),
    refuse: () => ({
      p_app_id: [...NOT_AN_ID, 'no-such-app'],
      p_state: [null, '', '{', 'x'.repeat(40000), JSON.stringify('x'.repeat(33000))],
      p_device_id: [...NOT_A_UUID, null],
      p_device_label: [null, 'x'.repeat(61)],
      p_saved_at: ['abc', '', 'the day after', 123.5, [], {}],
      // Any whole number a bigint holds may name a version the server never gave; only what is no version is refused.
      p_base_version: [...NOT_AN_INTEGER.filter((v) => !(typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 53)), -1, 0],
    }),
  },
  'record_app_played(p_app_id, p_client_id)': {
    valid: () => ({ p_app_id: 'snake', p_client_id: crypto.randomUUID() }),
    refuse: () => ({ p_app_id: [...NOT_AN_ID, 'no-such-app', 'SNAKE', ['snake']], p_client_id: [...NOT_A_UUID, null] }),
  },
  'send_chat_message(p_body, p_client_id)': {
    valid: () => ({ p_body: 'hello from the fuzz suite', p_client_id: crypto.randomUUID() }),
    refuse: () => ({ p_body: [null, '', '   ', 'x'.repeat(501), ' '.repeat(600), '\u0000'], p_client_id: [...NOT_A_UUID, null] }),
  },
  'set_item_equipped(p_item_id, p_equipped, p_client_id)': {
    valid: () => ({ p_item_id: 'cat_background', p_equipped: true, p_client_id: crypto.randomUUID() }),
    refuse: () => ({
      p_item_id: [...NOT_AN_ID, 'sword_cursor', 'golden_duck_icon', 'no_such_item'],
      p_equipped: ['abc', 'maybe', '', 2, -1, 1.5, 1e308, [], [true], {}, null, '\u0000'],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
  'start_game_run(p_app_id, p_run_id)': {
    valid: () => ({ p_app_id: 'snake', p_run_id: crypto.randomUUID() }),
    refuse: (a) => ({ p_app_id: [...NOT_AN_ID, 'no-such-app'], p_run_id: [...NOT_A_UUID, null, a.bobRun] }),
  },
  'note_offline_game_run(p_app_id, p_run_id, p_client_id)': {
    valid: () => ({ p_app_id: 'snake', p_run_id: crypto.randomUUID(), p_client_id: crypto.randomUUID() }),
    // Another student's run id is taken; nothing else about a run id told of offline can be checked.
    refuse: (a) => ({ p_app_id: [...NOT_AN_ID, 'no-such-app'], p_run_id: [...NOT_A_UUID, null, a.bobRun], p_client_id: [...NOT_A_UUID, null] }),
  },
  'unlock_achievement(p_app_id, p_achievement, p_run_id, p_client_id)': {
    valid: (a) => ({ p_app_id: 'snake', p_achievement: 'first-apple', p_run_id: a.aliceRun, p_client_id: crypto.randomUUID() }),
    refuse: (a) => ({
      p_app_id: [...NOT_AN_ID, 'no-such-app', 'flappy'],
      // An achievement of another game, the portal's own (the server's to grant), one whose threshold is not reached.
      p_achievement: [...NOT_AN_ID, 'first-pipe', 'streak-7', 'length-50'],
      p_run_id: [...NOT_A_UUID, null, a.bobRun],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
  'report_stat(p_app_id, p_run_id, p_name, p_value, p_client_id)': {
    valid: (a) => ({ p_app_id: 'snake', p_run_id: a.aliceRun, p_name: 'length', p_value: 3, p_client_id: crypto.randomUUID() }),
    refuse: (a) => ({
      p_app_id: [...NOT_AN_ID, 'no-such-app', 'flappy'],
      p_run_id: [...NOT_A_UUID, null, a.bobRun],
      p_name: [...NOT_AN_ID, 'wingspan', 'pipes'],
      // Far faster than a snake grows in the few seconds since alice's run began.
      p_value: [...NOT_AN_INTEGER, -1, 1000000001, 100000, null],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
  'get_achievements(p_app_id)': {
    valid: () => ({ p_app_id: 'snake' }),
    read: true,
    publicOnly: true,
  },
  'get_my_achievements()': { valid: () => ({}), read: true },
  'get_badge_shelf(p_username)': { valid: (a) => ({ p_username: a.bob.username }), read: true, publicOnly: true },
  'set_badge_shelf(p_unlock_ids)': {
    // Alice's own shelf, emptied: she has unlocked nothing in the arena.
    valid: () => ({ p_unlock_ids: [] }),
    // An empty object reads as Postgres' empty array '{}', which clears the shelf: not a refusal.
    refuse: (a) => ({ p_unlock_ids: [[a.bobUnlock], [1, 2, 3, 4], [-1], ['abc'], 'abc', 1, [[1]], [1.5], [null]] }),
  },
  'revoke_achievement(p_unlock_id, p_reason)': {
    valid: (a) => ({ p_unlock_id: a.bobUnlock, p_reason: 'Unlocked by a script.' }),
    refuse: () => ({ p_unlock_id: [...NOT_AN_INTEGER, -1, 0, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'submit_score(p_app_id, p_score, p_client_id, p_run_id, p_duration_ms, p_resumed, p_proof_bytes)': {
    valid: () => ({ p_app_id: 'snake', p_score: 10, p_client_id: crypto.randomUUID(), p_duration_ms: 5000, p_resumed: false, p_proof_bytes: 1000 }),
    refuse: (a) => ({
      p_app_id: [...NOT_AN_ID, 'no-such-app'],
      p_score: [...NOT_AN_INTEGER, -1, 1000000001, 2 ** 53, null],
      p_client_id: [...NOT_A_UUID, null],
      // Another student's run; a run id claims play, so it needs its duration.
      p_run_id: [...NOT_A_UUID, a.bobRun],
      p_duration_ms: [...NOT_AN_INTEGER, -1, 86400001],
      p_resumed: ['abc', 'maybe', '', 2, -1, 1.5, [], {}, '\u0000'],
      p_proof_bytes: [...NOT_AN_INTEGER, -1, 0, 21 * 1024 * 1024],
    }),
  },
  // Classmates (issue 28), in the order the last test makes the valid calls (reads, then writes by name):
  // alice accepts carol's request, blocks her, makes an invite, uses bob's (they are friends already:
  // it says so), ends that friendship, asks bob again, cancels her first invite, shares her presence,
  // and lifts the block on carol.
  'get_classmates()': { valid: () => ({}), read: true },
  'get_presence_sharing()': { valid: () => ({}), read: true },
  'get_friend_invites()': { valid: () => ({}), read: true },
  'answer_friend_request(p_user_id, p_accept)': {
    valid: (a) => ({ p_user_id: a.carol.id, p_accept: true }),
    refuse: (a) => ({ p_user_id: [...NOT_A_UUID, null, ZERO_UUID, a.alice.id, a.bob.id], p_accept: ['maybe', 2, [], {}, null] }),
    namesClassmate: true,
  },
  'block_player(p_user_id)': {
    valid: (a) => ({ p_user_id: a.carol.id }),
    refuse: (a) => ({ p_user_id: [...NOT_A_UUID, null, ZERO_UUID, a.alice.id] }),
    namesClassmate: true,
  },
  'create_friend_invite(p_for_class)': {
    valid: () => ({ p_for_class: false }),
    refuse: () => ({ p_for_class: ['maybe', 2, [], {}, null] }),
  },
  // Its refusals are answers ({"ok": false, "message"}), so that wrong codes are counted: the database
  // suite tests each one.
  'redeem_friend_invite(p_code)': { valid: (a) => ({ p_code: a.bobInvite }) },
  'remove_friend(p_user_id)': {
    valid: (a) => ({ p_user_id: a.bob.id }),
    refuse: (a) => ({ p_user_id: [...NOT_A_UUID, null, ZERO_UUID, a.alice.id, a.carol.id] }),
    namesClassmate: true,
  },
  'request_friend(p_username)': {
    valid: (a) => ({ p_username: a.bob.username }),
    refuse: (a) => ({ p_username: ['', '   ', 'ab', 'x'.repeat(21), 'no_such_student_9', a.alice.username, '<script>alert(1)</script>', "x' or '1'='1", 123, [], {}, null, '\u0000'] }),
  },
  'revoke_friend_invite(p_code)': {
    valid: (a) => ({ p_code: a.aliceInvite }),
    refuse: (a) => ({ p_code: ['', 'x'.repeat(10000), "x' or '1'='1", a.bobInvite, 123, [], {}, null, '\u0000'] }),
  },
  // The desk's look-up and removal of a student's invite links: bob's invite is the second the arena
  // made (alice's is the first), and the last test removes it after alice used it.
  'get_student_friend_invites(p_username)': {
    valid: (a) => ({ p_username: a.bob.username }),
    refuse: () => ({ p_username: ['', '   ', 'no_such_student_9', "x' or '1'='1", null, '\u0000'] }),
    read: true,
    desk: true,
  },
  // The desk's look-up of a student's achievements (issue 29).
  'get_student_achievements(p_username)': {
    valid: (a) => ({ p_username: a.bob.username }),
    refuse: () => ({ p_username: ['', '   ', 'no_such_student_9', "x' or '1'='1", null, '\u0000'] }),
    read: true,
    desk: true,
  },
  'remove_friend_invite(p_invite_id, p_reason)': {
    valid: () => ({ p_invite_id: 2, p_reason: 'Posted in the class chat.' }),
    refuse: () => ({ p_invite_id: [...NOT_AN_INTEGER, -1, 0, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'set_presence(p_app_id)': {
    valid: () => ({ p_app_id: 'snake' }),
    refuse: () => ({ p_app_id: [...NOT_AN_ID.filter((v) => v !== null), 'no-such-app'] }),
  },
  'set_presence_sharing(p_on)': {
    valid: () => ({ p_on: true }),
    refuse: () => ({ p_on: ['maybe', 2, [], {}, null] }),
  },
  'unblock_player(p_user_id)': {
    valid: (a) => ({ p_user_id: a.carol.id }),
    refuse: (a) => ({ p_user_id: [...NOT_A_UUID, null, ZERO_UUID, a.alice.id, a.bob.id] }),
    namesClassmate: true,
  },
  // Two-player games (issue 28), on the arena's games (ArenaMatches), in the order of the last test:
  // alice accepts bob's draw offer and his invite, cancels her own, asks too early to win on time,
  // ends bob and carol's reported game as a moderator, invites bob again, offers a draw, a rematch of
  // the game dave resigned, reports dave and resigns. Another pair's game is refused like no game at all.
  'answer_draw(p_match_id, p_accept)': {
    valid: (a) => ({ p_match_id: a.matches.drawOffered, p_accept: true }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.playing], p_accept: ['maybe', 2, [], {}, null] }),
  },
  'answer_match_invite(p_match_id, p_accept)': {
    valid: (a) => ({ p_match_id: a.matches.invited, p_accept: true }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.inviting], p_accept: ['maybe', 2, [], {}, null] }),
  },
  'cancel_match_invite(p_match_id)': {
    valid: (a) => ({ p_match_id: a.matches.inviting }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.invited] }),
  },
  // Asked before the other player's time is up it answers how long is left: the device's clock may run ahead.
  'claim_match_timeout(p_match_id)': {
    valid: (a) => ({ p_match_id: a.matches.playing }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.invited, a.matches.finished] }),
  },
  'end_match(p_match_id, p_reason)': {
    valid: (a) => ({ p_match_id: a.matches.others, p_reason: 'A rude invite.' }),
    refuse: () => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null], p_reason: NOT_A_REASON }),
    desk: true,
  },
  'get_match(p_match_id, p_from_ply)': {
    valid: (a) => ({ p_match_id: a.matches.playing, p_from_ply: 0 }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others], p_from_ply: [...NOT_AN_INTEGER, -1, null] }),
    read: true,
  },
  // What the match-move function reads with the student's token before it runs the rules. Its refusals
  // of a move are answers ({"ok": false, "code"}) for the function to pass on, another pair's game among
  // them: the database suite tests each one. Here, arguments that are no game, ply or id at all.
  'get_match_for_move(p_match_id, p_ply, p_move, p_mutation_id)': {
    valid: (a) => ({ p_match_id: a.matches.playing, p_ply: 0, p_move: 'e2e4', p_mutation_id: crypto.randomUUID() }),
    refuse: () => ({
      p_match_id: ['9223372036854775808', 1e308, 1.5, '1.5', 'abc', '', true, [], {}, null, '\u0000'],
      p_ply: [...NOT_AN_INTEGER, null],
      p_move: [null],
      p_mutation_id: [...NOT_A_UUID, null],
    }),
    read: true,
  },
  // Wins, draws and losses per game: numbers for the public page, never whom they played.
  'get_match_results(p_username)': { valid: (a) => ({ p_username: a.bob.username }), read: true, publicOnly: true },
  'get_my_matches()': { valid: () => ({}), read: true },
  'get_reported_matches()': { valid: () => ({}), read: true, desk: true },
  'invite_to_match(p_user_id, p_game, p_pace, p_moves_first)': {
    valid: (a) => ({ p_user_id: a.bob.id, p_game: 'hex-conquest', p_pace: 'live', p_moves_first: 'random' }),
    refuse: (a) => ({
      p_user_id: [...NOT_A_UUID, null, ZERO_UUID, a.alice.id, a.carol.id],
      p_game: [...NOT_AN_ID, 'snake', 'Chess', 'chess '],
      p_pace: ['blitz', 'Live', '', 123, [], {}, null, '\u0000'],
      p_moves_first: ['nobody', 'Me', '', 123, [], {}, null, '\u0000'],
    }),
    namesClassmate: true,
  },
  // Game links (issue 28): alice makes one for a game over days, and takes the seat of dave's link.
  'create_match_link(p_game, p_pace, p_moves_first)': {
    valid: () => ({ p_game: 'tic-tac-toe', p_pace: 'correspondence', p_moves_first: 'random' }),
    refuse: () => ({
      p_game: [...NOT_AN_ID, 'snake', 'Chess', 'chess '],
      p_pace: ['blitz', 'Live', '', 123, [], {}, null, '\u0000'],
      p_moves_first: ['nobody', 'Me', '', 123, [], {}, null, '\u0000'],
    }),
  },
  'get_my_match_links()': { valid: () => ({}), read: true },
  // Its refusals are answers ({"ok": false, "message"}), so that wrong codes are counted: the database
  // suite tests each one.
  'join_match_link(p_code)': { valid: (a) => ({ p_code: a.daveLink }) },
  'offer_draw(p_match_id)': {
    valid: (a) => ({ p_match_id: a.matches.playing }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.invited, a.matches.drawOffered] }),
  },
  'offer_rematch(p_match_id)': {
    valid: (a) => ({ p_match_id: a.matches.finished }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.playing, a.matches.invited] }),
  },
  // An empty reason is a reason: a young student may not find the words. Arrays and objects arrive as their JSON text.
  'report_match_player(p_match_id, p_reason)': {
    valid: (a) => ({ p_match_id: a.matches.playing, p_reason: 'Said mean things.' }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others], p_reason: ['x'.repeat(501), 'a\u202eb', '\u0000'] }),
  },
  'resign_match(p_match_id)': {
    valid: (a) => ({ p_match_id: a.matches.playing }),
    refuse: (a) => ({ p_match_id: [...NOT_AN_INTEGER, -1, 0, null, a.matches.others, a.matches.invited, a.matches.finished] }),
  },
  'update_profile(p_username, p_icon, p_user_about, p_client_id)': {
    valid: () => ({ p_username: 'alice_renamed', p_icon: 'default_fox', p_user_about: 'hi', p_client_id: crypto.randomUUID() }),
    refuse: (a) => ({
      p_username: ['ab', 'x'.repeat(21), 'has space', '<b>x</b>', "o'neil", 'émile', '', a.bob.username, a.bob.username.toUpperCase(), '\u0000'],
      p_icon: ['golden_duck_icon', 'duck_icon', 'cat_background', 'default_', 'Default_fox', '../default_fox', '<img src=x onerror=alert(1)>', 123, [], {}, '\u0000'],
      p_user_about: ['x'.repeat(501), '\u0000'],
      p_client_id: [...NOT_A_UUID, null],
    }),
  },
};

/** Private profile fields that no read of another student may carry. */
const PRIVATE_FIELDS = ['where_from', 'who_from', 'last_tick_at', 'email', 'encrypted_password'];

let arena: Arena;
let catalogue: Fn[];

async function rpcCatalogue(): Promise<Fn[]> {
  const db = await openDatabase({ dataDir: 'memory' });
  try {
    const { rows } = await db.run((tx) =>
      tx.query<{ name: string; args: string[] | null; nargs: number; ndefaults: number; anon: boolean; volatile: boolean }>(
        `select p.proname as name, (p.proargnames)[1:p.pronargs] as args, p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults,
                has_function_privilege('anon', p.oid, 'execute') as anon, p.provolatile = 'v' as volatile
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
            and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
          order by 1, 2`,
      ),
    );
    return rows.map((r) => {
      const args = r.args ?? [];
      return { key: `${r.name}(${args.join(', ')})`, name: r.name, args, required: args.slice(0, r.nargs - r.ndefaults), anon: r.anon, volatile: r.volatile };
    });
  } finally {
    await db.close();
  }
}

function caseOf(fn: Fn): RpcCase {
  const found = CASES[fn.key];
  if (!found) throw new Error(`no fuzz case for ${fn.key}`);
  return found;
}

/** A refusal the caller can act on: a 4xx with a JSON body that says what went wrong. */
function expectRefusal(a: Answer, label: string): void {
  expect(a.status >= 400 && a.status < 500, `${label} -> ${a.status} ${JSON.stringify(a.body)}`).toBe(true);
  expect(a.contentType, label).toMatch(/^application\/json/);
  expect(messageOf(a), label).not.toBe('');
}

/** Anything but a server failure: a refusal as above, or an answer in JSON. */
function expectNoServerError(a: Answer, label: string): void {
  if (a.status >= 400) expectRefusal(a, label);
  else expect(a.contentType, `${label} -> ${a.status}`).toMatch(/^application\/json|^$/);
}

const show = (value: unknown): string => (typeof value === 'string' && value.length > 40 ? `"${value.slice(0, 12)}…" (${value.length} chars)` : JSON.stringify(value) ?? 'undefined');

beforeAll(async () => {
  [arena, catalogue] = await Promise.all([Arena.open(), rpcCatalogue()]);
});
afterAll(() => arena?.close('rpc-fuzz'));

describe('every RPC, fuzzed', () => {
  it('has a case for every RPC in the catalogue and none for RPCs that are gone', () => {
    expect(Object.keys(CASES).sort()).toEqual(catalogue.map((fn) => fn.key).sort());
  });

  it('names no user id that an attacker could point at another student without a refusal case', () => {
    for (const fn of catalogue) {
      const refusals = caseOf(fn).refuse?.(arena) ?? {};
      for (const arg of fn.args.filter((name) => /user_id$/.test(name))) {
        const others = refusals[arg] ?? [];
        if (caseOf(fn).namesClassmate) expect(others, `${fn.key}: ${arg} set to herself or no one`).toEqual(expect.arrayContaining([arena.alice.id, ZERO_UUID]));
        else if (!caseOf(fn).publicOnly) expect(others, `${fn.key}: ${arg} set to another student`).toContain(arena.bob.id);
      }
    }
  });

  it('refuses every bad argument of every RPC with a 4xx message and changes nothing', async () => {
    for (const fn of catalogue) {
      const c = caseOf(fn);
      const before = await arena.snapshot();
      for (const [arg, values] of Object.entries(c.refuse?.(arena) ?? {})) {
        for (const value of values) {
          const answer = await arena.rpc(arena.alice, fn.name, { ...c.valid(arena), [arg]: value });
          expectRefusal(answer, `${fn.key} with ${arg} = ${show(value)}`);
        }
      }
      expect(await arena.snapshot(), `${fn.key} changed the server`).toEqual(before);
    }
  });

  it('answers reads fuzzed with any value without a server error, and shows others public fields only', async () => {
    const before = await arena.snapshot();
    for (const fn of catalogue.filter((f) => caseOf(f).read)) {
      const c = caseOf(fn);
      for (const arg of fn.args) {
        for (const value of GENERIC) {
          expectNoServerError(await arena.rpc(arena.alice, fn.name, { ...c.valid(arena), [arg]: value }), `${fn.key} with ${arg} = ${show(value)}`);
        }
      }
      if (c.publicOnly) {
        const answer = await arena.rpc(arena.alice, fn.name, c.valid(arena));
        expect(answer.status, fn.key).toBe(200);
        for (const field of PRIVATE_FIELDS) expect(JSON.stringify(answer.body), `${fn.key} shows ${field}`).not.toContain(`"${field}"`);
      }
    }
    expect(await arena.snapshot()).toEqual(before);
  });

  it('refuses a missing argument, an unknown extra one, a GET for a write and an anonymous caller', async () => {
    const before = await arena.snapshot();
    for (const fn of catalogue) {
      const valid = caseOf(fn).valid(arena);
      const extra = await arena.rpc(arena.alice, fn.name, { ...valid, p_is_admin: true });
      expectRefusal(extra, `${fn.key} with an unknown argument`);
      expect((extra.body as { code?: string }).code).toBe('PGRST202');
      for (const arg of fn.required) {
        const { [arg]: _left, ...rest } = valid;
        // get_coins_gained without p_user_id is the other, public overload: an answer, not a refusal.
        expectNoServerError(await arena.rpc(arena.alice, fn.name, rest), `${fn.key} without ${arg}`);
      }
      if (fn.volatile) {
        const query = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        expectNoServerError(await arena.as(arena.alice, `/rest/v1/rpc/${fn.name}?${query}`), `GET ${fn.key}`);
      }
      if (!fn.anon) expect((await arena.rpc(null, fn.name, valid)).status, `${fn.key} as anon`).toBe(401);
    }
    expect(await arena.snapshot()).toEqual(before);
    const get = await arena.as(arena.alice, `/rest/v1/rpc/claim_streak?p_client_id=${crypto.randomUUID()}`);
    expect([get.status, (get.body as { code?: string }).code]).toEqual([405, '25006']);
  });

  it('refuses each outbox operation with fuzzed arguments inside a batch, and changes nothing', async () => {
    const before = await arena.snapshot();
    const ops: unknown[] = [];
    for (const fn of catalogue) {
      const c = caseOf(fn);
      if (!c.refuse || fn.name === 'apply_mutations') continue;
      const { p_client_id: _id, ...args } = c.valid(arena);
      for (const [arg, values] of Object.entries(c.refuse(arena))) {
        if (arg === 'p_client_id') continue;
        // JSON cannot carry NUL into jsonb at all: such a batch is refused whole (checked below).
        for (const value of values.filter((v) => !(typeof v === 'string' && v.includes('\u0000')))) {
          ops.push({ id: crypto.randomUUID(), kind: fn.name, args: { ...args, [arg]: value } });
        }
      }
    }
    ops.push(
      { id: 'not-a-uuid', kind: 'claim_streak', args: {} },
      { id: 42, kind: 'claim_streak', args: {} },
      { id: crypto.randomUUID(), kind: 'grant_coins', args: { amt: 1000000 } },
      { id: crypto.randomUUID(), kind: "claim_streak'; --", args: {} },
      { id: crypto.randomUUID(), kind: 'claim_streak', args: [] },
      'claim_streak',
      null,
    );
    let refused = 0;
    for (let start = 0; start < ops.length; start += 100) {
      const answer = await arena.rpc(arena.alice, 'apply_mutations', { p_ops: ops.slice(start, start + 100) });
      expect(answer.status).toBe(200);
      for (const result of answer.body as { ok: boolean; code?: string; message?: string }[]) {
        expect(result.ok, JSON.stringify(result)).toBe(false);
        expect(result.code, JSON.stringify(result)).toMatch(/^[0-9A-Z]{5}$/);
        expect(typeof result.message === 'string' && result.message.trim() !== '', JSON.stringify(result)).toBe(true);
        refused += 1;
      }
    }
    expect(refused).toBe(ops.length);
    const nul = { id: crypto.randomUUID(), kind: 'send_chat_message', args: { p_body: 'a\u0000b' } };
    expectRefusal(await arena.rpc(arena.alice, 'apply_mutations', { p_ops: [nul] }), 'a batch carrying a NUL byte');
    expect(await arena.snapshot()).toEqual(before);
  });

  it('accepts the valid call each case is built on, a desk call once its caller is a moderator', async () => {
    for (const fn of catalogue.filter((f) => caseOf(f).desk)) {
      const refused = await arena.rpc(arena.alice, fn.name, caseOf(fn).valid(arena));
      expect([refused.status, messageOf(refused)], fn.key).toEqual([403, 'Only a moderator can do this.']);
    }
    const filed = await arena.service('/rest/v1/takedown_requests', {
      method: 'POST',
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.test', url: 'https://games.example/a', reason: 'Mine.' }),
    });
    expect(filed.status).toBeLessThan(300);
    const reported = await arena.as(arena.alice, '/rest/v1/chat_reports', {
      method: 'POST',
      body: JSON.stringify({ message_id: arena.bobMessage, reporter_id: arena.alice.id, reason: 'Unkind.' }),
    });
    expect(reported.status).toBeLessThan(300);
    const appointed = await arena.service('/rest/v1/moderators', { method: 'POST', body: JSON.stringify({ user_id: arena.alice.id, granted_by: 'rpc-fuzz' }) });
    expect(appointed.status).toBeLessThan(300);
    const mutating = catalogue.filter((fn) => fn.volatile);
    for (const fn of [...catalogue.filter((f) => !f.volatile), ...mutating]) {
      const answer = await arena.rpc(arena.alice, fn.name, caseOf(fn).valid(arena));
      expect(answer.status, `${fn.key} -> ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      if (fn.name === 'apply_mutations') expect((answer.body as { ok: boolean }[])[0]?.ok).toBe(true);
    }
  });
});
