import { describe, expect, it } from 'vitest';
import { mergeOnPull, visitOpened, visitSaved, type DeviceCopy } from '../../../src/domain/saveMerge.ts';

const device = (state: string, baseVersion: number | null, dirty: boolean): DeviceCopy => ({ state, baseVersion, dirty });
const server = (state: string, version: number) => ({ state, version });

describe('mergeOnPull', () => {
  it('does nothing when neither side has a save', () => {
    expect(mergeOnPull(null, null)).toBe('nothing');
  });

  it('takes the server copy on a device that has none: the game goes on from another device', () => {
    expect(mergeOnPull(null, server('{"cells":[2]}', 3))).toBe('take-server');
  });

  it('sends a device copy the server does not have, synced before or not', () => {
    expect(mergeOnPull(device('{}', null, true), null)).toBe('push');
    // The server lost the slot (an account reset): the device still holds the game, so it is sent again.
    expect(mergeOnPull(device('{}', 4, false), null)).toBe('push');
  });

  it('agrees when both hold the same state, whatever versions they name', () => {
    expect(mergeOnPull(device('{"a":1}', 2, false), server('{"a":1}', 2))).toBe('nothing');
    // The device's own save reached the server: it learns the version and has nothing left to send.
    expect(mergeOnPull(device('{"a":1}', 2, true), server('{"a":1}', 3))).toBe('in-step');
    expect(mergeOnPull(device('{"a":1}', null, true), server('{"a":1}', 1))).toBe('in-step');
    expect(mergeOnPull(device('{"a":1}', 5, false), server('{"a":1}', 2))).toBe('in-step');
  });

  it('sends the device changes made on top of the server version', () => {
    expect(mergeOnPull(device('{"a":2}', 2, true), server('{"a":1}', 2))).toBe('push');
  });

  it('takes the server copy when only the server moved on', () => {
    expect(mergeOnPull(device('{"a":1}', 2, false), server('{"a":9}', 3))).toBe('take-server');
    // Exactly one version behind and exactly equal are told apart.
    expect(mergeOnPull(device('{"a":1}', 2, false), server('{"a":9}', 2))).toBe('take-server');
  });

  it('keeps both when both changed apart: never silently drops one', () => {
    expect(mergeOnPull(device('{"a":2}', 2, true), server('{"a":9}', 3))).toBe('conflict');
    // A device that never synced meets a server copy made elsewhere.
    expect(mergeOnPull(device('{"a":2}', null, true), server('{"a":9}', 1))).toBe('conflict');
  });
});

describe('visitSaved', () => {
  it('counts a fresh game played only once a save differs from its first', () => {
    let visit = visitOpened(null);
    visit = visitSaved(visit, '{"cells":[2]}');
    expect(visit).toEqual({ opening: '{"cells":[2]}', played: false });
    visit = visitSaved(visit, '{"cells":[2]}');
    expect(visit.played).toBe(false);
    visit = visitSaved(visit, '{"cells":[4]}');
    expect(visit.played).toBe(true);
    // Back to the opening state is still play: the student moved and came back.
    expect(visitSaved(visit, '{"cells":[2]}').played).toBe(true);
  });

  it('counts a handed save saved again as no play, and the first change as play', () => {
    const visit = visitOpened('{"cells":[8]}');
    expect(visitSaved(visit, '{"cells":[8]}')).toEqual({ opening: '{"cells":[8]}', played: false });
    expect(visitSaved(visit, '{"cells":[16]}').played).toBe(true);
  });
});
