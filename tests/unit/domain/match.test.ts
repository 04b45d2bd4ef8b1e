import { describe, expect, it } from 'vitest';
import { isMatchGame, isOpen, isTimeUp, matchLineText, reasonText, waitsForMe, type MatchLine } from '../../../src/domain/match.ts';

const line = (over: Partial<MatchLine>): MatchLine => ({ status: 'active', invitedByMe: false, myTurn: false, result: null, reason: null, drawOffer: null, deadline: null, ...over });
const NOW = new Date('2026-11-27T12:00:00Z');
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe('matchLineText', () => {
  it('says who is waiting for whom on an invite', () => {
    expect(matchLineText(line({ status: 'invited', invitedByMe: true }), 'ben', NOW)).toBe('Waiting for ben to accept');
    expect(matchLineText(line({ status: 'invited' }), 'ben', NOW)).toBe('ben invites you to play');
  });

  it('says whose move it is, and a draw offer before that', () => {
    expect(matchLineText(line({ myTurn: true }), 'ben', NOW)).toBe('Your move');
    expect(matchLineText(line({}), 'ben', NOW)).toBe("ben's move");
    expect(matchLineText(line({ myTurn: true, drawOffer: 'theirs' }), 'ben', NOW)).toBe('ben offers a draw');
    expect(matchLineText(line({ myTurn: true, drawOffer: 'mine' }), 'ben', NOW)).toBe('Your move');
  });

  it('says how a game ended, in words', () => {
    expect(matchLineText(line({ status: 'finished', result: 'won', reason: 'checkmate' }), 'ben', NOW)).toBe('You won: checkmate');
    expect(matchLineText(line({ status: 'finished', result: 'lost', reason: 'timeout' }), 'ben', NOW)).toBe('ben won: out of time');
    expect(matchLineText(line({ status: 'finished', result: 'drawn', reason: 'agreed' }), 'ben', NOW)).toBe('Draw: agreed');
    expect(matchLineText(line({ status: 'declined', invitedByMe: true }), 'ben', NOW)).toBe('ben said no');
    expect(matchLineText(line({ status: 'declined' }), 'ben', NOW)).toBe('You said no');
    expect(matchLineText(line({ status: 'cancelled' }), 'ben', NOW)).toBe('Invite taken back');
    expect(matchLineText(line({ status: 'ended', reason: 'moderator' }), 'ben', NOW)).toBe('Ended by a moderator');
  });
});

describe('time running out', () => {
  it('says whose time ran out, at the deadline exactly and after it, and whose move it is a millisecond before', () => {
    expect(matchLineText(line({ myTurn: true, deadline: at(1) }), 'ben', NOW)).toBe('Your move');
    expect(matchLineText(line({ myTurn: true, deadline: at(0) }), 'ben', NOW)).toBe('Your time ran out: ben may claim the game');
    expect(matchLineText(line({ deadline: at(-60_000) }), 'ben', NOW)).toBe("ben's time ran out: claim the win");
    // A draw offer waits for nobody once the time is up.
    expect(matchLineText(line({ myTurn: true, drawOffer: 'theirs', deadline: at(-1) }), 'ben', NOW)).toBe('Your time ran out: ben may claim the game');
    expect(isTimeUp(line({ status: 'finished', deadline: null }), NOW)).toBe(false);
    expect(isTimeUp(line({ status: 'invited', deadline: at(-1) }), NOW)).toBe(false);
  });

  it("counts for the header only a move still to make in time, and an invite to answer before it lapses", () => {
    expect(waitsForMe(line({ myTurn: true, deadline: at(1) }), NOW)).toBe(true);
    expect(waitsForMe(line({ myTurn: true, deadline: at(0) }), NOW)).toBe(false);
    expect(waitsForMe(line({ myTurn: false, deadline: at(60_000) }), NOW)).toBe(false);
    expect(waitsForMe(line({ status: 'invited', deadline: at(1) }), NOW)).toBe(true);
    expect(waitsForMe(line({ status: 'invited', deadline: at(0) }), NOW)).toBe(false);
    expect(waitsForMe(line({ status: 'invited', invitedByMe: true, deadline: at(60_000) }), NOW)).toBe(false);
    expect(waitsForMe(line({ status: 'finished', myTurn: true }), NOW)).toBe(false);
  });
});

describe('reasonText, isMatchGame and isOpen', () => {
  it('keeps a reason it does not know as the server gave it', () => {
    expect(reasonText('insufficient material')).toBe('not enough pieces to win');
    expect(reasonText('some new reason')).toBe('some new reason');
    expect(reasonText(null)).toBe('');
  });

  it('knows the three games two friends can play, and which games are still open', () => {
    expect(['chess', 'tic-tac-toe', 'hex-conquest', 'snake'].map(isMatchGame)).toEqual([true, true, true, false]);
    expect((['invited', 'active', 'finished', 'declined', 'cancelled', 'ended'] as const).map((status) => isOpen({ status }))).toEqual([true, true, false, false, false, false]);
  });
});
