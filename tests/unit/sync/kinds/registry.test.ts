import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS, type OutboxItem } from '../../../../src/store/db.ts';
import { claimStreak } from '../../../../src/sync/kinds/claim_streak.ts';
import type { MutationKindModule } from '../../../../src/sync/kinds/kind.ts';
import { describeItem, failsInPlace, KINDS, type KindRegistry } from '../../../../src/sync/kinds/registry.ts';

describe('the kinds registry', () => {
  it('holds one complete module for every kind the outbox may queue, and nothing else', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...MUTATION_KINDS].sort());
    for (const kind of MUTATION_KINDS) {
      const module = KINDS[kind];
      expect(module.label, kind).toMatch(/^[A-Z]/);
      for (const part of ['target', 'check', 'apply', 'undo'] as const) expect(typeof module[part], `${kind}.${part}`).toBe('function');
      expect(module.afterConfirm === null || typeof module.afterConfirm === 'function', `${kind}.afterConfirm`).toBe(true);
    }
    expect(new Set(MUTATION_KINDS.map((kind) => KINDS[kind].label)).size).toBe(MUTATION_KINDS.length);
  });

  it('leaves refused chat messages to the chat page, refused moves to the match page, and every other refusal to the sync status', () => {
    expect(MUTATION_KINDS.filter((kind) => failsInPlace({ kind }))).toEqual(['send_chat_message', 'make_match_move']);
    expect(failsInPlace({ kind: 'from_a_newer_build' as OutboxItem['kind'] })).toBe(false);
  });

  it('does not compile without a kind, or with a module missing a part', () => {
    const { claim_streak: _left, ...withoutOne } = KINDS;
    // @ts-expect-error claim_streak has no module
    const incomplete: KindRegistry = withoutOne;
    const { afterConfirm: _none, ...partial } = claimStreak;
    // @ts-expect-error a module must say whether it has an after-confirm step
    const noStep: MutationKindModule<'claim_streak'> = partial;
    expect([incomplete, noStep, _left, _none]).toHaveLength(4);
  });

  it('describes an item for the sync panel by its kind’s label and what it acts on', () => {
    const item = (kind: OutboxItem['kind'], args: Record<string, unknown>) => describeItem({ kind, args });
    expect(item('buy_item', { p_item_id: 'sword_cursor' })).toBe('Purchase: sword_cursor');
    expect(item('set_item_equipped', { p_item_id: 'sword_cursor', p_equipped: true })).toBe('Equip: sword_cursor');
    expect(item('record_app_played', { p_app_id: 'snake' })).toBe('Game played: snake');
    expect(item('submit_score', { p_app_id: 'snake', p_score: 3 })).toBe('High score: snake');
    expect(item('claim_battlepass_tier', { p_season: 2, p_tier: 3 })).toBe('Hollowed Pass reward: season 2, tier 3');
    expect(item('update_profile', { p_username: 'quietfox', p_icon: 'default', p_user_about: '' })).toBe('Profile edit: quietfox');
    expect(item('claim_streak', {})).toBe('Streak claim');
    expect(item('increment_time_spent', { user_id: 'u', increment_value: 5 })).toBe('Play time');
    expect(item('send_chat_message', { p_body: 'hi' })).toBe('Chat message');
    expect(item('make_match_move', { p_match_id: 42, p_ply: 6, p_move: 'e2e4' })).toBe('Move: e2e4');
    // A row another version of the app queued, with a kind this build does not know.
    expect(describeItem({ kind: 'plant_tree' as OutboxItem['kind'], args: {} })).toBe('plant tree');
  });
});
